import { StarDisplay } from '@client/components/ui/star-display';
import { cn } from '@client/lib/cn';
import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';

type Scored = Record<RatingCategoryKey, number>;

/** A rating as the lists show it: its scores, a comment per category and the strengths & improvements note. */
type Feedback = Scored & { [Key in RatingCategoryKey as `${Key}Comments`]: string | null } & {
  strengthsImprovements: string | null;
};

/** A rating's scores with their comments, then its strengths & improvements note. Shared by My Ratings and Ratings About Me. */
export function RatingFeedback({ rating }: { rating: Feedback }) {
  const comments = Object.fromEntries(RATING_CATEGORIES.map(({ key }) => [key, rating[`${key}Comments`]]));
  return (
    <>
      <RatingScores rating={rating} comments={comments} />
      {rating.strengthsImprovements && (
        <blockquote className="rounded-xl bg-stone-50 px-4 py-3 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-700">
          {rating.strengthsImprovements}
        </blockquote>
      )}
    </>
  );
}

/**
 * The five category scores of a rating (docs/product.md#rating-categories) as labelled star rows, with the category comment
 * under its row when there is one.
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
    // Two columns once the card is wide enough for them (a container query, not the viewport).
    <div className={cn('@container', className)}>
      <dl className="grid gap-y-1.5 @xl:grid-cols-2 @xl:gap-x-8">
        {RATING_CATEGORIES.map(({ key, label }) => (
          // content-start: beside a category with a comment, the row stays at the top of the taller grid row.
          <div key={key} className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] content-start items-center gap-x-3">
            <dt className="text-sm text-stone-700">{label}</dt>
            <dd className="flex items-center gap-1.5">
              <StarDisplay value={rating[key]} />
              <span className="w-4 text-right text-sm font-semibold text-stone-800 tabular-nums" aria-hidden>
                {rating[key]}
              </span>
            </dd>
            {comments?.[key] && (
              <dd className="col-span-2 mt-0.5 border-l-2 border-teal-100 pl-2 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-600">
                {comments[key]}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}
