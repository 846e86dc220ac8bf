import { cn } from '@client/lib/cn';
import type { Estimate } from '@common/schemas/trust';
import { estimateAlt, scalePercent } from './estimate-text';

const TICKS = [1, 2, 3, 4, 5] as const;

/**
 * An estimate on the 1-5 scale: the 90% range as a band, the estimate as a dot, the whole stars as ticks.
 * One image for assistive technology, announced as "3.5 out of 5, 90% range 3.1 to 3.9".
 */
export function EstimateBar({
  estimate,
  muted,
  className,
  label,
}: {
  estimate: Estimate;
  /** Drawn in grey: the community average standing in for a player nobody rated. */
  muted?: boolean;
  className?: string;
  /** What the bar is of ("Serve & Return"): starts the text alternative. */
  label?: string;
}) {
  const low = scalePercent(estimate.low);
  const high = scalePercent(estimate.high);
  const mean = scalePercent(estimate.mean);
  const alt = label ? `${label}: ${estimateAlt(estimate)}` : estimateAlt(estimate);
  return (
    <div role="img" aria-label={alt} className={cn('relative h-5 w-full', className)}>
      <div aria-hidden className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-stone-100" />
      {TICKS.map((tick) => (
        <span
          key={tick}
          aria-hidden
          className="absolute top-1/2 h-3 w-px -translate-y-1/2 bg-stone-300"
          style={{ left: `${scalePercent(tick)}%` }}
        />
      ))}
      <div
        aria-hidden
        className={cn(
          'absolute top-1/2 h-3 -translate-y-1/2 rounded-full',
          muted ? 'bg-stone-300/70' : 'bg-teal-200 ring-1 ring-teal-300 ring-inset',
        )}
        style={{ left: `${low}%`, width: `${Math.max(high - low, 1)}%` }}
      />
      <span
        aria-hidden
        className={cn(
          'absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow',
          muted ? 'bg-stone-500' : 'bg-teal-700',
        )}
        style={{ left: `${mean}%` }}
      />
    </div>
  );
}

/** The scale under a column of bars: 1 to 5 at the same positions as the ticks. */
export function EstimateScale({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cn('relative h-4 text-[11px] text-stone-500 tabular-nums', className)}>
      {TICKS.map((tick) => (
        <span key={tick} className="absolute -translate-x-1/2" style={{ left: `${scalePercent(tick)}%` }}>
          {tick}
        </span>
      ))}
    </div>
  );
}
