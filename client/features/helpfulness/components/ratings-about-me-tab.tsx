import { isLoaded, QueryStatus } from '@client/components/query-status';
import { RatingFeedback } from '@client/components/rating-scores';
import { ShowMore } from '@client/components/show-more';
import { SortControl } from '@client/components/sort-control';
import { SortedList } from '@client/components/sorted-list';
import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { StarDisplay } from '@client/components/ui/star-display';
import { StarRating } from '@client/components/ui/star-rating';
import { useToast } from '@client/components/ui/use-toast';
import { relativeTime } from '@client/lib/relative-time';
import { useAuth } from '@client/lib/use-auth';
import { useHomeTab } from '@client/lib/use-home-tab';
import { useSortedList } from '@client/lib/use-sorted-list';
import type { ReceivedRating } from '@common/schemas/ratings';
import type { ListSort } from '@common/schemas/shared';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, EyeOff, Inbox, ShieldAlert, UserRound, UserSearch } from 'lucide-react';
import { useId } from 'react';
import { playerDetailQuery } from '../api/get-player-skill';
import { receivedRatingsQuery } from '../api/get-received-ratings';
import { useRateHelpfulness } from '../api/rate-helpfulness';
import { summarizeReceived } from '../received-summary';
import { ReplyEditor } from '../../replies/components/reply-editor';
// docs/product.md#reports-and-decisions: every rating a member can see carries the same Report action.
import { ReportRatingAction } from '../../reports/components/report-rating-action';
import { weekOf, weightText } from '@client/components/skill-rows';
import { SkillEstimate } from '@client/components/skill-estimate';

/** docs/product.md#ratings-about-me: ratings received by the user's linked player, with helpfulness stars (1-5). */
export default function RatingsAboutMeTab() {
  const auth = useAuth();
  const { openTab } = useHomeTab();
  const playerId = auth.linkedPlayer?.id ?? null;

  if (auth.linkedPlayerLoading) return <LoadingBlock label="Loading your player profile..." />;
  if (playerId === null) {
    return (
      <EmptyState
        icon={UserSearch}
        title="Player Profile Required"
        description="Link a player profile to your account to see the ratings others have given you. Register a new profile or claim your existing one."
        action={<Button onClick={() => openTab('register')}>Go to Player Registration</Button>}
      />
    );
  }
  return <ReceivedRatings playerId={playerId} />;
}

function ReceivedRatings({ playerId }: { playerId: number }) {
  const auth = useAuth();
  const headingId = useId();
  const { openTab } = useHomeTab();
  const {
    query: ratings,
    rows: list,
    sort,
    setSort,
    sorting,
    showMore,
  } = useSortedList((sort: ListSort) => receivedRatingsQuery(playerId, sort));
  const detail = useQuery(playerDetailQuery(playerId));
  const skill = detail.data?.skill;
  const estimate = skill ? <SkillEstimate skill={skill} onExplain={() => openTab('about')} /> : null;

  if (!isLoaded(ratings)) {
    return (
      <QueryStatus query={ratings} loading="Loading ratings about you..." failed="Error loading ratings about you" />
    );
  }
  if (list.length === 0) {
    return (
      <div className="grid gap-5">
        {estimate}
        <EmptyState
          icon={Inbox}
          title="No ratings yet"
          description="When other players rate you, their scores and feedback appear here. Share your profile with the people you play with!"
        />
      </div>
    );
  }

  // The estimate replaces the raw averages once the server sends it: two sets of numbers would only confuse.
  // Without it, averages are only drawn from the whole list, never from the pages read so far.
  const summary = skill || ratings.hasNextPage ? null : summarizeReceived(list);
  // The player's count is kept with the player (cheap); a rating that arrived since can make the list longer.
  const total = detail.data ? Math.max(detail.data.ratingCount, list.length) : undefined;
  const ownEmail = auth.user?.email?.toLowerCase() ?? null;
  return (
    <div className="grid gap-5">
      {estimate}
      {summary && (
        <Card className="overflow-hidden">
          <div className="grid gap-5 p-5 sm:grid-cols-[auto_1fr] sm:items-center sm:p-6">
            <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-1 sm:border-r sm:border-stone-100 sm:pr-8">
              <p className="text-5xl font-black tracking-tight text-stone-900 tabular-nums">
                {summary.overall.toFixed(1)}
              </p>
              <div>
                <StarDisplay value={summary.overall} size="md" />
                <p className="mt-1 text-sm text-stone-600">
                  Overall from {summary.count} rating{summary.count === 1 ? '' : 's'}
                </p>
              </div>
            </div>
            <div>
              <h2 className="mb-3 flex items-center gap-2 text-base font-bold text-stone-900">
                <BarChart3 aria-hidden className="size-5 text-teal-700" />
                How others rate your game
              </h2>
              <dl className="grid gap-2">
                {summary.categories.map(({ key, label, average }) => (
                  <div
                    key={key}
                    className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 sm:grid-cols-[15rem_1fr_auto]"
                  >
                    <dt className="truncate text-sm text-stone-700">{label}</dt>
                    <dd className="order-last col-span-2 h-2 overflow-hidden rounded-full bg-stone-100 sm:order-none sm:col-span-1">
                      <span
                        className="block h-full rounded-full bg-gradient-to-r from-teal-600 to-teal-400"
                        style={{ width: `${(average / 5) * 100}%` }}
                      />
                    </dd>
                    <dd className="text-sm font-semibold text-stone-900 tabular-nums">{average.toFixed(1)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </Card>
      )}
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={headingId} className="text-lg font-bold text-stone-900">
            Ratings you received
            {total !== undefined && <span className="ml-2 font-semibold text-stone-500 tabular-nums">{total}</span>}
          </h2>
          <SortControl label="Sort the ratings you received" value={sort} onChange={setSort} />
        </div>
        <SortedList label="Ratings you received" items={list} sorting={sorting}>
          {(rating) => (
            <ReceivedRatingCard
              rating={rating}
              playerId={playerId}
              // docs/product.md#ratings-about-me: helpfulness cannot be rated on a rating whose rater is the user themself.
              isOwn={rating.isOwnRating || (ownEmail !== null && rating.raterEmail?.toLowerCase() === ownEmail)}
            />
          )}
        </SortedList>
        <ShowMore {...showMore} total={total} noun="ratings" />
      </section>
    </div>
  );
}

function ReceivedRatingCard({ rating, playerId, isOwn }: { rating: ReceivedRating; playerId: number; isOwn: boolean }) {
  const rater = rating.isAnonymous || !rating.raterName ? 'Anonymous' : rating.raterName;
  const weight = weightText(rating.weight);
  return (
    <Card>
      <div className="flex flex-wrap items-start gap-3 px-5 pt-5 sm:px-6">
        <Avatar className="size-10 rounded-full bg-stone-100 text-stone-500">
          {rater === 'Anonymous' ? <EyeOff className="size-5" /> : <UserRound className="size-5" />}
        </Avatar>
        <div className="min-w-0 flex-1">
          <h3 className="font-bold wrap-anywhere text-stone-900">{rater}</h3>
          <p className="text-xs text-stone-500">
            {rating.isAnonymous ? (
              // Privacy: an anonymous rating's date arrives rounded to its week, so no exact day is shown.
              <time dateTime={rating.createdAt}>{weekOf(rating.createdAt)}</time>
            ) : (
              <time dateTime={rating.createdAt} title={new Date(rating.createdAt).toLocaleString()}>
                {relativeTime(rating.createdAt)}
              </time>
            )}
            {weight && <span className="text-stone-500"> · {weight}</span>}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-medium text-stone-500">Overall</p>
          <StarDisplay value={rating.overallRating} showValue />
        </div>
      </div>
      <div className="grid gap-3 px-5 py-4 sm:px-6">
        {rating.hasHeldText && (
          <Badge tone="warning" className="w-fit">
            <ShieldAlert aria-hidden className="size-3.5" />
            Some feedback is hidden by our moderators
          </Badge>
        )}
        <RatingFeedback rating={rating} />
        <ReplyEditor ratingId={rating.id} playerId={playerId} reply={rating.reply} />
        {!isOwn && (
          <div className="-ml-3">
            <ReportRatingAction ratingId={rating.id} subject={`the rating by ${rater}`} />
          </div>
        )}
      </div>
      <HelpfulnessFooter rating={rating} playerId={playerId} isOwn={isOwn} />
    </Card>
  );
}

function HelpfulnessFooter({ rating, playerId, isOwn }: { rating: ReceivedRating; playerId: number; isOwn: boolean }) {
  const { toast } = useToast();
  const labelId = useId();
  const rate = useRateHelpfulness(playerId);
  const average =
    rating.helpfulnessAvg !== null && rating.helpfulnessCount > 0 ? (
      <span className="flex items-center gap-1.5 text-sm text-stone-600">
        Helpfulness <StarDisplay value={rating.helpfulnessAvg} showValue />
        <span className="text-stone-500">
          ({rating.helpfulnessCount} review{rating.helpfulnessCount === 1 ? '' : 's'})
        </span>
      </span>
    ) : null;

  return (
    <div className="flex flex-col gap-2 border-t border-stone-100 bg-stone-50/60 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      {isOwn ? (
        <p className="text-sm text-stone-600">This is your own rating, so you cannot rate its helpfulness.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span id={labelId} className="text-sm font-semibold text-stone-800">
            {rating.userHelpfulnessScore ? 'Your helpfulness rating' : 'Was this helpful?'}
          </span>
          <StarRating
            labelledBy={labelId}
            value={rating.userHelpfulnessScore ?? 0}
            disabled={rate.isPending}
            onChange={(helpfulnessScore) =>
              rate.mutate(
                { ratingId: rating.id, helpfulnessScore },
                {
                  onSuccess: () =>
                    toast({
                      title: 'Thanks for your feedback',
                      description: 'Your helpfulness rating was recorded.',
                      variant: 'success',
                    }),
                  onError: () =>
                    toast({
                      title: 'Error',
                      description: 'Failed to record helpfulness rating. Please try again.',
                      variant: 'destructive',
                    }),
                },
              )
            }
          />
        </div>
      )}
      {average}
    </div>
  );
}
