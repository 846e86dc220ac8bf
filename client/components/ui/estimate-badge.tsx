import type { OverallEstimate } from '@common/schemas/trust';
import { Badge, type BadgeTone } from './badge';
import { oneDecimal, RELIABILITY_TEXT, rangeText } from './estimate-text';

const TONES: Record<OverallEstimate['reliability'], BadgeTone> = {
  none: 'neutral',
  low: 'warning',
  medium: 'brand',
  high: 'success',
};

/** What the badge says, and what a screen reader hears instead. */
export function estimateBadgeText(estimate: OverallEstimate): { text: string; label: string } {
  if (estimate.reliability === 'none') {
    return { text: 'Not rated yet', label: 'Not rated yet: no estimate of this player so far' };
  }
  const reliability = RELIABILITY_TEXT[estimate.reliability].short;
  return {
    text: `${oneDecimal(estimate.mean)} (${rangeText(estimate)}) · ${reliability}`,
    label: `Estimated ${oneDecimal(estimate.mean)} out of 5, 90% range ${oneDecimal(estimate.low)} to ${oneDecimal(estimate.high)}, ${reliability} reliability`,
  };
}

/** A player's overall estimate in a list or a card: "3.8 (3.4–4.2) · medium". */
export function EstimateBadge({ estimate, className }: { estimate: OverallEstimate; className?: string }) {
  const { text, label } = estimateBadgeText(estimate);
  return (
    <Badge tone={TONES[estimate.reliability]} className={className}>
      <span aria-hidden className="tabular-nums">
        {text}
      </span>
      <span className="sr-only">{label}</span>
    </Badge>
  );
}
