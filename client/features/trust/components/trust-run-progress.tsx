import { Spinner } from '@client/components/ui/spinner';
import type { TrustRun } from '@common/schemas/trust';
import { runProgress } from '../trust-display';
import { TrustDate } from './trust-date';

/**
 * A queued or running full run: its step in words, a bar where the step has a known end, and who asked for it.
 * Not a live region: read again every 2 s, it would interrupt a screen reader all along; the outcome is announced.
 */
export function TrustRunProgress({ run, stalled }: { run: TrustRun; stalled: boolean }) {
  const { text, share } = runProgress(run);
  const percent = share === null ? null : Math.round(share * 100);
  return (
    <div className="grid gap-2 rounded-xl bg-teal-50 px-3 py-2.5 text-sm text-teal-950 ring-1 ring-teal-200 ring-inset">
      <p className="flex items-start gap-2 font-semibold">
        <Spinner className="mt-0.5 size-3.5 text-teal-700" />
        <span className="min-w-0 tabular-nums">{text}</span>
      </p>
      {percent !== null && (
        <div
          role="progressbar"
          aria-label="Full run progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-teal-100"
        >
          <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="text-xs text-teal-900">
        {run.requestedByAdmin ? 'Asked for by an admin' : 'Scheduled'},{' '}
        {run.startedAt ? (
          <>
            started <TrustDate value={run.startedAt} />
          </>
        ) : (
          <>
            queued <TrustDate value={run.requestedAt} />
          </>
        )}
      </p>
      {stalled && (
        <p className="text-xs font-semibold text-amber-900">
          No progress for a few minutes: the worker may have stopped.
        </p>
      )}
    </div>
  );
}
