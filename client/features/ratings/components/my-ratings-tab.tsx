import { ReplyUnderRating } from '@client/components/reply-under-rating';
import { SignInAgainButton } from '@client/components/sign-in-again-button';
import { isLoaded, QueryStatus } from '@client/components/query-status';
import { RatingFeedback } from '@client/components/rating-scores';
import { ShowMore } from '@client/components/show-more';
import { SortControl } from '@client/components/sort-control';
import { SortedList } from '@client/components/sorted-list';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { StarDisplay } from '@client/components/ui/star-display';
import { hasErrorCode } from '@client/lib/api-client';
import { relativeTime } from '@client/lib/relative-time';
import { useAuth } from '@client/lib/use-auth';
import { useHomeTab } from '@client/lib/use-home-tab';
import { useSortedList } from '@client/lib/use-sorted-list';
import type { RatingReply } from '@common/schemas/ratings';
import { CalendarClock, EyeOff, LogIn, MessageSquareHeart, Pencil, ShieldAlert, Star } from 'lucide-react';
import { useState } from 'react';
import { myRatingsQuery } from '../api/get-my-ratings';
import { countsFromDay, RELEASE_EXPLAINED } from '../counts-from';
import { wasEdited } from '../was-edited';
import { EditRatingDialog } from './edit-rating-dialog';
import { RemovalNote } from './removal-note';

/** docs/product.md#my-ratings: the ratings the user gave, each with Edit; 20 at a time, newest first or by stars. */
export default function MyRatingsTab() {
  const auth = useAuth();
  const { openTab } = useHomeTab();
  const {
    query: ratings,
    rows: list,
    sort,
    setSort,
    sorting,
    showMore,
  } = useSortedList(myRatingsQuery, auth.isAuthenticated);
  const [editing, setEditing] = useState<RatingReply | null>(null);

  // docs/product.md#signed-out-states; a 401 means the session ended (signed out in another tab, expired) while this page was open.
  if (!auth.isAuthenticated || hasErrorCode(ratings.error, 'unauthenticated')) {
    return (
      <EmptyState
        icon={LogIn}
        title="Sign In Required"
        description="Please sign in to see the ratings you have given."
        action={<SignInAgainButton />}
      />
    );
  }
  if (!isLoaded(ratings)) {
    return <QueryStatus query={ratings} loading="Loading your ratings..." failed="Error loading your ratings" />;
  }
  if (list.length === 0 && sort === 'newest') {
    return (
      <EmptyState
        icon={MessageSquareHeart}
        title="No ratings yet"
        description="Players you rate show up here, and you can come back to edit any of them."
        action={
          <Button onClick={() => openTab('rate')}>
            <Star aria-hidden className="size-4" />
            Rate a Player
          </Button>
        }
      />
    );
  }

  // The count is known once the whole list is read; before that the foot says how many are shown.
  const complete = !ratings.hasNextPage && !sorting;
  return (
    <div className="grid gap-4">
      <div className="-mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">
          {complete && (
            <>
              You have rated {list.length} player{list.length === 1 ? '' : 's'}.{' '}
            </>
          )}
          Edit a rating any time: the player sees a named rating’s update at once, an anonymous one’s from the next
          release.
        </p>
        <SortControl label="Sort your ratings" value={sort} onChange={setSort} className="shrink-0" />
      </div>
      <SortedList label="Your ratings" items={list} sorting={sorting} className="lg:grid-cols-2">
        {(rating) => <RatingCard rating={rating} onEdit={() => setEditing(rating)} />}
      </SortedList>
      <ShowMore {...showMore} noun="ratings" />
      <EditRatingDialog rating={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function RatingCard({ rating, onEdit }: { rating: RatingReply; onEdit: () => void }) {
  const edited = wasEdited(rating);
  const countsFrom = countsFromDay(rating);
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start gap-3 px-5 pt-5">
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-bold wrap-anywhere text-stone-900">{rating.playerName}</h3>
          <p className="text-xs text-stone-500">
            <time dateTime={rating.createdAt} title={new Date(rating.createdAt).toLocaleString()}>
              Rated {relativeTime(rating.createdAt)}
            </time>
            {edited && <> · edited {relativeTime(rating.updatedAt)}</>}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs font-medium text-stone-500">Overall</p>
          <StarDisplay value={rating.overallRating} showValue className="mt-0.5" />
        </div>
      </div>
      {/* A row of their own, across the card: beside the stars they were wider than a phone's column. */}
      {(rating.isAnonymous || rating.isHeld) && (
        <div className="flex flex-wrap gap-1.5 px-5 pt-2">
          {rating.isAnonymous && (
            <Badge tone="neutral">
              <EyeOff aria-hidden className="size-3.5" />
              Anonymous
            </Badge>
          )}
          {rating.isHeld && (
            <Badge tone="warning">
              <ShieldAlert aria-hidden className="size-3.5" />
              Comment under review
            </Badge>
          )}
        </div>
      )}
      {countsFrom && <ReleaseNote day={countsFrom} edited={edited} />}
      {rating.removal && <RemovalNote removal={rating.removal} />}
      <div className="grid flex-1 content-start gap-3 px-5 py-4">
        <RatingFeedback rating={rating} />
        {rating.reply && <ReplyUnderRating reply={rating.reply} />}
      </div>
      {/* docs/product.md#take-down: a removed rating cannot be edited. */}
      {!rating.removal && (
        <div className="flex justify-end border-t border-stone-100 px-5 py-3">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit: rating of ${rating.playerName}`}>
            <Pencil aria-hidden className="size-4" />
            Edit
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * docs/product.md#anonymity: an anonymous rating, or its edit, reaches others only at the next release; until then
 * its rater alone sees it, and is told so where they look for it.
 */
function ReleaseNote({ day, edited }: { day: string; edited: boolean }) {
  return (
    <div className="mx-5 mt-3 flex items-start gap-2.5 rounded-lg bg-teal-50 px-3 py-2.5 ring-1 ring-teal-200 ring-inset">
      <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-teal-700" />
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-semibold text-teal-900">
          {edited ? 'Your edit counts' : 'Counts'} from {day}
        </p>
        <p className="text-xs leading-relaxed text-teal-800">
          {RELEASE_EXPLAINED} Until then only you see {edited ? 'your edit' : 'it'}.
        </p>
      </div>
    </div>
  );
}
