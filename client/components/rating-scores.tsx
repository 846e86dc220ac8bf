import { StarDisplay } from '@client/components/ui/star-rating';
import { cn } from '@client/lib/cn';
import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';

type Scored = Record<RatingCategoryKey, number>;

/**
 * The five category scores of a rating (§1 categories) as labelled star rows, with the category comment
 * under its row when there is one. Shared by My Ratings and Ratings About Me.
 */
export function RatingScores({
  rating,
  comments,
  className,
}: {
  rating: Scored;
  comments?: Partial<Record<RatingCategoryKey, string | null>>;
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-2 sm:grid-cols-2', className)}>
      {RATING_CATEGORIES.map(({ key, label }) => (
        <div key={key} className="min-w-0">
          <div className="flex items-center justify-between gap-3">
            <dt className="truncate text-sm text-stone-700">{label}</dt>
            <dd className="flex shrink-0 items-center gap-1.5">
              <StarDisplay value={rating[key]} />
              <span className="w-4 text-right text-sm font-semibold text-stone-800 tabular-nums" aria-hidden>
                {rating[key]}
              </span>
            </dd>
          </div>
          {comments?.[key] && (
            <dd className="mt-0.5 border-l-2 border-teal-100 pl-2 text-sm leading-relaxed text-stone-600">
              {comments[key]}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
