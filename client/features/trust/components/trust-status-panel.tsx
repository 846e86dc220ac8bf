import { isLoaded, QueryStatus } from '@client/components/query-status';
import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import type { TrustRun, TrustStatus } from '@common/schemas/trust';
import { Activity, Hourglass, RefreshCw, Target, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useFollowedTrustStatus } from '../api/get-trust-status';
import { useRecomputeTrust } from '../api/recompute-trust';
import { calibrationText, calibrationTone, durationText, isRunOpen, RUN_HEALTH_BADGE } from '../trust-display';
import { TrustDate } from './trust-date';
import { TrustRunProgress } from './trust-run-progress';

/**
 * The last full run, the one in progress (followed until it ends), the calibration check, the pending count, and
 * "Recompute now", which queues a run the worker takes up.
 */
export function TrustStatusPanel() {
  const { toast } = useToast();
  // The run this admin asked for: its end is announced; a scheduled run's shows on the panel alone.
  const asked = useRef<number | null>(null);
  const { status, follow } = useFollowedTrustStatus((run: TrustRun, data: TrustStatus) => {
    if (run.id !== asked.current) return;
    asked.current = null;
    // A failed run stays on the panel as an alert.
    if (run.state !== 'done' || !data.lastRun) return;
    const { players, ratings, durationMs } = data.lastRun;
    toast({
      title: 'Estimates recomputed',
      description: `${players.toLocaleString('en-US')} players and ${ratings.toLocaleString('en-US')} ratings in ${durationText(durationMs)}.`,
      variant: 'success',
    });
  });
  const recompute = useRecomputeTrust((reply) => {
    asked.current = reply.runId;
    follow(reply.runId);
  });

  const run = () =>
    recompute.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Could not recompute',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  if (!isLoaded(status)) {
    return <QueryStatus query={status} loading="Loading the trust status..." failed="Error loading the trust status" />;
  }

  const { lastRun, currentRun, health, calibration, pendingFlags } = status.data;
  const open = isRunOpen(currentRun);
  const busy = open || recompute.isPending;
  const badge = RUN_HEALTH_BADGE[health];
  const overdue = health === 'overdue';
  const tone = calibrationTone(calibration);
  return (
    <Card aria-labelledby="trust-status" role="region" className="grid gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="trust-status" className="text-lg font-bold text-stone-900">
            Estimates and checks
          </h2>
          {badge && (
            <Badge tone={badge.tone}>
              <TriangleAlert aria-hidden className="size-3.5" />
              {badge.label}
            </Badge>
          )}
        </div>
        <Button onClick={run} loading={busy} variant="outline" className="w-full sm:w-auto">
          {!busy && <RefreshCw aria-hidden className="size-4" />}
          {busy ? 'Recomputing...' : 'Recompute now'}
        </Button>
      </div>
      {open && <TrustRunProgress run={currentRun} stalled={overdue} />}
      {currentRun?.state === 'failed' && (
        <Alert tone="error" title="The last full run failed">
          {currentRun.error ?? 'No reason was recorded.'}
          {currentRun.finishedAt && (
            <span className="block text-xs">
              Stopped <TrustDate value={currentRun.finishedAt} />
            </span>
          )}
          {/* Under the reason rather than beside it: on a phone the reason keeps the alert's width. */}
          <Button size="sm" variant="outline" onClick={run} loading={recompute.isPending} className="mt-2">
            Try again
          </Button>
        </Alert>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat icon={Activity} label="Last full run" warn={overdue && !open}>
          {lastRun ? (
            <>
              <TrustDate value={lastRun.computedAt} />
              <span className="block text-xs font-normal text-stone-600">
                {lastRun.players.toLocaleString('en-US')} players, {lastRun.ratings.toLocaleString('en-US')} ratings in{' '}
                <span className="whitespace-nowrap">{durationText(lastRun.durationMs)}</span>
              </span>
            </>
          ) : (
            'Never'
          )}
          {overdue && !open && (
            <span className="block text-xs font-normal text-amber-900">Overdue: later than the schedule allows</span>
          )}
        </Stat>
        <Stat icon={Target} label="Calibration" warn={tone === 'off'}>
          {calibration.insideShare === null ? '—' : `${Math.round(calibration.insideShare * 100)}%`}
          <span className="block text-xs font-normal text-stone-600">
            {calibrationText(calibration)}
            {tone === 'off' && ' (aim: about 90%)'}
          </span>
        </Stat>
        <Stat icon={Hourglass} label="Pending flags">
          {pendingFlags.toLocaleString('en-US')}
        </Stat>
      </dl>
    </Card>
  );
}

/** A figure with its label; `warn` tints it amber (one colour or the other: cn does not resolve conflicts). */
function Stat({
  icon: Icon,
  label,
  warn = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  warn?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'grid content-start gap-1 rounded-xl px-3 py-2.5 ring-1 ring-inset',
        warn ? 'bg-amber-50 ring-amber-200' : 'bg-stone-50 ring-stone-200',
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-stone-600">
        <Icon aria-hidden className="size-3.5" />
        {label}
      </dt>
      <dd className="text-base font-bold text-stone-900 tabular-nums">{children}</dd>
    </div>
  );
}
