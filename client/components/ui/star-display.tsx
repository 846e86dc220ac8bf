import { cn } from '@client/lib/cn';

// Apart from the picker (star-rating.tsx), so pages that only show scores do not load Radix's radio group.
export const STAR_SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;
export const STARS = [1, 2, 3, 4, 5] as const;

/** The row's box: five stars of STAR_SIZES side by side. */
const ROW_SIZES = { sm: 'h-4 w-20', md: 'h-6 w-30', lg: 'h-8 w-40' } as const;

/*
 * Lucide's star (the picker's icon, 24 units wide), relative to its first point: a row of stars is drawn as one
 * path per colour rather than an icon per star. A player's page shows ten rows, and as icons (two per star) they were
 * most of its bytes and a good part of the server's time to draw it (docs/product.md#first-draws).
 */
const STAR =
  'a.53 .53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166 .756a.53 .53 0 0 1 .294 .904l-3.736 3.638a2.123 2.123 0 0 0 -.611 1.878l.882 5.14a.53 .53 0 0 1 -.771 .56l-4.618 -2.428a2.122 2.122 0 0 0 -1.973 0l-4.617 2.428a.53 .53 0 0 1 -.77 -.56l.881 -5.139a2.122 2.122 0 0 0 -.611 -1.879l-3.736 -3.637a.53 .53 0 0 1 .294 -.906l5.165 -.755a2.122 2.122 0 0 0 1.597 -1.16z';
/** Stars `from` (0-based) to `to` (excluded) of the row. */
const starsPath = (from: number, to: number) =>
  `M${11.525 + 24 * from} 2.295${STAR}${`m24 0${STAR}`.repeat(to - from - 1)}`;
const STROKE = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const EMPTY = 'fill-transparent text-stone-300';
const FULL = 'fill-amber-400 text-amber-500';

/**
 * One star as decoration (hidden from assistive technology): lucide's star drawn without its icon component, for
 * lists that show many (the star scale's 25).
 */
export function StarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className} fill="none" {...STROKE}>
      <path d={starsPath(0, 1)} />
    </svg>
  );
}

/** Read-only stars for a score (fractions round to the nearest half star visually), announced as "N out of 5". */
export function StarDisplay({
  value,
  size = 'sm',
  className,
  showValue,
}: {
  value: number;
  size?: keyof typeof STAR_SIZES;
  className?: string;
  /** Also print the number to one decimal (docs/product.md#limits-and-timings). */
  showValue?: boolean;
}) {
  const rounded = Math.min(5, Math.max(0, Math.round(value * 2) / 2));
  const full = Math.floor(rounded);
  const half = rounded > full;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span role="img" aria-label={`${value.toFixed(1)} out of 5 stars`} className="inline-flex items-center">
        <svg viewBox="0 0 120 24" aria-hidden className={ROW_SIZES[size]} {...STROKE}>
          {full > 0 && <path d={starsPath(0, full)} className={FULL} />}
          {full < 5 && <path d={starsPath(full, 5)} className={EMPTY} />}
          {/* A nested svg clips to its box: the half star's left half, filled over its outline. */}
          {half && (
            <svg x={24 * full} width={12} height={24} viewBox={`${24 * full} 0 12 24`}>
              <path d={starsPath(full, full + 1)} className={FULL} />
            </svg>
          )}
        </svg>
      </span>
      {showValue && <span className="text-sm font-semibold text-stone-700 tabular-nums">{value.toFixed(1)}</span>}
    </span>
  );
}
