import { StarRating } from '@client/components/ui/star-rating';
import { cn } from '@client/lib/cn';
import type { RatingCategoryKey } from '@common/constants';
import { starDescription } from '@common/star-descriptions';
import { useId, useState, type ReactNode } from 'react';

/**
 * One score to give on 1-5 stars, labelled, as the wizard's step 2 and the edit dialog both show it.
 * For a rating category it says under the stars what the chosen (or pointed-at) star means, so raters
 * share one scale; the overall score has no such scale and passes no `category`.
 */
export function CategoryStars({
  label,
  hint,
  category,
  value,
  onChange,
  size = 'md',
  compact = false,
  className,
}: {
  label: string;
  hint?: ReactNode;
  category?: RatingCategoryKey;
  value: number;
  onChange: (value: number) => void;
  size?: 'md' | 'lg';
  compact?: boolean;
  className?: string;
}) {
  const baseId = useId();
  const [preview, setPreview] = useState(0);
  const labelId = `${baseId}-label`;
  const hintId = `${baseId}-hint`;
  const meaningId = `${baseId}-meaning`;
  const shown = preview || value;
  const meaning = category ? starDescription(category, shown) : undefined;
  const describedBy = [hint ? hintId : null, category ? meaningId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p id={labelId} className={compact ? 'text-sm font-medium text-stone-800' : 'font-semibold text-stone-900'}>
            {label}
          </p>
          {hint && (
            <p id={hintId} className="text-sm text-stone-600">
              {hint}
            </p>
          )}
        </div>
        <StarRating
          value={value}
          onChange={onChange}
          onPreview={setPreview}
          labelledBy={labelId}
          describedBy={describedBy}
          size={size}
          className="-ml-1 shrink-0 sm:ml-0"
        />
      </div>
      {category && (
        <p
          id={meaningId}
          aria-live="polite"
          className={cn('min-h-5 text-sm', !compact && 'sm:text-right', meaning ? 'text-stone-700' : 'text-stone-500')}
        >
          {meaning ? (
            <>
              <span className="font-semibold text-amber-800">
                {shown} star{shown === 1 ? '' : 's'}:
              </span>{' '}
              {meaning}
            </>
          ) : (
            'Not rated yet'
          )}
        </p>
      )}
    </div>
  );
}
