import { cn } from '@client/lib/cn';
import { Star } from 'lucide-react';

// Apart from the picker (star-rating.tsx), so pages that only show scores do not load Radix's radio group.
export const STAR_SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;
export const STARS = [1, 2, 3, 4, 5] as const;

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
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span role="img" aria-label={`${value.toFixed(1)} out of 5 stars`} className="inline-flex items-center">
        {STARS.map((n) => (
          <span key={n} className="relative inline-block">
            <Star aria-hidden className={cn(STAR_SIZES[size], 'fill-transparent text-stone-300')} />
            {rounded >= n - 0.5 && (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: rounded >= n ? '100%' : '50%' }}
                aria-hidden
              >
                <Star className={cn(STAR_SIZES[size], 'fill-amber-400 text-amber-500')} />
              </span>
            )}
          </span>
        ))}
      </span>
      {showValue && <span className="text-sm font-semibold text-stone-700 tabular-nums">{value.toFixed(1)}</span>}
    </span>
  );
}
