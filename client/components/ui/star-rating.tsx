import { cn } from '@client/lib/cn';
import { Star } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { STAR_SIZES as SIZES, STARS } from './star-display';

const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/**
 * A 1-5 star picker (docs/product.md#rating-categories) with radio-group semantics: arrow keys move and select, each star is announced
 * as "N stars", 0 means nothing chosen yet. Label it with `label` (visible text elsewhere: pass `labelledBy`).
 * `onPreview` hears the star under the pointer or with focus (0 when none), so a caller can say what it means.
 */
export function StarRating({
  value,
  onChange,
  onPreview,
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
  onPreview?: (value: number) => void;
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
      onMouseLeave={() => {
        setHover(0);
        onPreview?.(0);
      }}
    >
      {STARS.map((n) => (
        <RadioGroup.Item
          key={n}
          value={String(n)}
          aria-label={starLabel(n)}
          onMouseEnter={() => {
            if (disabled) return;
            setHover(n);
            onPreview?.(n);
          }}
          onFocus={() => onPreview?.(n)}
          onBlur={() => onPreview?.(0)}
          className={cn(
            'grid cursor-pointer place-items-center rounded-md p-1 outline-none transition-transform max-sm:min-h-11 max-sm:min-w-11',
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
