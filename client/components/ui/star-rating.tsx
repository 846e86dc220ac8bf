import { cn } from '@client/lib/cn';
import { Star } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;
const STARS = [1, 2, 3, 4, 5] as const;

const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/**
 * A 1-5 star picker (§9) with radio-group semantics: arrow keys move and select, each star is announced
 * as "N stars", 0 means nothing chosen yet. Label it with `label` (visible text elsewhere: pass `labelledBy`).
 */
export function StarRating({
  value,
  onChange,
  label,
  labelledBy,
  describedBy,
  size = 'md',
  disabled,
  invalid,
  id,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  size?: keyof typeof SIZES;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  className?: string;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <RadioGroup.Root
      id={id}
      value={value > 0 ? String(value) : ''}
      onValueChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      loop={false}
      disabled={disabled}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn('inline-flex items-center gap-0.5', className)}
      onMouseLeave={() => setHover(0)}
    >
      {STARS.map((n) => (
        <RadioGroup.Item
          key={n}
          value={String(n)}
          aria-label={starLabel(n)}
          onMouseEnter={() => !disabled && setHover(n)}
          className={cn(
            'grid cursor-pointer place-items-center rounded-md p-1 outline-none transition-transform',
            'focus-visible:ring-2 focus-visible:ring-teal-600 hover:scale-110 disabled:cursor-not-allowed disabled:hover:scale-100',
          )}
        >
          <Star
            aria-hidden
            className={cn(
              SIZES[size],
              'transition-colors',
              n <= shown ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-stone-300',
            )}
          />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
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
  size?: keyof typeof SIZES;
  className?: string;
  /** Also print the number to one decimal (§9 helpfulness). */
  showValue?: boolean;
}) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span role="img" aria-label={`${value.toFixed(1)} out of 5 stars`} className="inline-flex items-center">
        {STARS.map((n) => (
          <span key={n} className="relative inline-block">
            <Star aria-hidden className={cn(SIZES[size], 'fill-transparent text-stone-300')} />
            {rounded >= n - 0.5 && (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: rounded >= n ? '100%' : '50%' }}
                aria-hidden
              >
                <Star className={cn(SIZES[size], 'fill-amber-400 text-amber-500')} />
              </span>
            )}
          </span>
        ))}
      </span>
      {showValue && <span className="text-sm font-semibold text-stone-700 tabular-nums">{value.toFixed(1)}</span>}
    </span>
  );
}
