import { ReplyUnderRating } from '@client/components/reply-under-rating';
import { weekOf } from '@client/components/skill-rows';
import { Alert } from '@client/components/ui/alert';
import { Avatar } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { StarDisplay } from '@client/components/ui/star-display';
import { serverMessage } from '@client/lib/api-client';
import { relativeTime } from '@client/lib/relative-time';
import { useNow } from '@client/lib/render-clock';
import { initialsOf } from '@common/initials';
import type { PlayerPageComment } from '@common/schemas/player-page';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EyeOff, MessageSquareText } from 'lucide-react';
import { playerCommentsQuery } from '../api/get-player-comments';
// docs/product.md#reports-and-decisions: every rating a member can see carries the same Report action.
import { ReportRatingAction } from '../../reports/components/report-rating-action';

/**
 * The latest comments, newest first, 10 at a time with "Show more". Held or hidden text never arrives (the server
 * applies moderation); an anonymous rating shows no name and only the week it was given.
 */
export function PlayerComments({ playerId, firstName }: { playerId: number; firstName: string }) {
  const comments = useInfiniteQuery(playerCommentsQuery(playerId));
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card role="region" aria-labelledby="comments-heading">
      <CardHeader className="pb-2">
        <CardTitle id="comments-heading" icon={MessageSquareText}>
          What players say
        </CardTitle>
        <CardDescription>Comments from ratings of {firstName}, newest first.</CardDescription>
      </CardHeader>
      {comments.isPending ? (
        <CommentsSkeleton />
      ) : comments.isError && items.length === 0 ? (
        <div className="px-5 pb-5 sm:px-6">
          <Alert
            tone="error"
            title="Comments could not be loaded"
            action={
              <Button size="sm" variant="outline" onClick={() => void comments.refetch()}>
                Try again
              </Button>
            }
          >
            {serverMessage(comments.error, 'Please try again.')}
          </Alert>
        </div>
      ) : items.length === 0 ? (
        <p className="px-5 pt-2 pb-6 text-sm text-stone-600 sm:px-6">No comments yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-100">
            {items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
          {(comments.hasNextPage || comments.isFetchNextPageError) && (
            <div className="grid gap-2 border-t border-stone-100 px-5 py-4 sm:px-6">
              {comments.isFetchNextPageError && (
                <p role="alert" className="text-sm text-red-800">
                  More comments could not be loaded. {serverMessage(comments.error, 'Please try again.')}
                </p>
              )}
              <Button
                variant="outline"
                size="lg"
                className="w-full sm:w-auto sm:justify-self-center"
                loading={comments.isFetchingNextPage}
                onClick={() => void comments.fetchNextPage()}
              >
                {comments.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function CommentItem({ comment }: { comment: PlayerPageComment }) {
  const anonymous = comment.raterName === null;
  const now = useNow();
  return (
    <li className="flex gap-3 px-5 py-4 sm:px-6">
      <Avatar className="size-10 rounded-full bg-teal-50 text-sm font-bold text-teal-800 ring-1 ring-teal-100">
        {anonymous ? <EyeOff className="size-4" /> : initialsOf(comment.raterName ?? '')}
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h3 className="text-sm font-semibold wrap-anywhere text-stone-900">{comment.raterName ?? 'Anonymous'}</h3>
          <StarDisplay value={comment.rating} />
        </div>
        <p className="text-xs text-stone-500">
          <time dateTime={comment.createdAt}>
            {anonymous ? weekOf(comment.createdAt) : relativeTime(comment.createdAt, now)}
          </time>
        </p>
        <p className="mt-1.5 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-700">
          {comment.comment}
        </p>
        {comment.reply && <ReplyUnderRating reply={comment.reply} className="mt-2.5" />}
        <div className="mt-1 -ml-3">
          <ReportRatingAction
            ratingId={comment.id}
            subject={`the rating by ${comment.raterName ?? 'an anonymous rater'}`}
          />
        </div>
      </div>
    </li>
  );
}

/** Three comment-shaped rows while the first page loads, so the card keeps its size. */
export function CommentsSkeleton() {
  return (
    <ul aria-hidden className="divide-y divide-stone-100">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex gap-3 px-5 py-4 sm:px-6">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-stone-100" />
          <span className="grid flex-1 gap-2 pt-1">
            <span className="h-3.5 w-32 animate-pulse rounded bg-stone-100" />
            <span className="h-3 w-20 animate-pulse rounded bg-stone-100" />
            <span className="h-3.5 w-full animate-pulse rounded bg-stone-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
