import { Badge } from '@client/components/ui/badge';
import { relativeTime } from '@client/lib/relative-time';
import { cn } from '@client/lib/cn';
import type { ReplyView } from '@common/schemas/replies';
import { Clock, CornerDownRight } from 'lucide-react';

/**
 * The rated player's reply under a rating (docs/product.md#replies): "Reply from <first name>", its text and date.
 * A held reply reaches only its author (and admins), marked as waiting for review.
 */
export function ReplyUnderRating({ reply, className }: { reply: ReplyView; className?: string }) {
  const edited = reply.updatedAt !== reply.createdAt;
  return (
    <div
      className={cn('grid gap-1 rounded-lg border-l-4 border-teal-500 bg-teal-50/60 px-3 py-2.5', className)}
      aria-label={`Reply from ${reply.authorFirstName}`}
      role="group"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
        <CornerDownRight aria-hidden className="size-3.5 text-teal-700" />
        <span className="font-semibold text-teal-900">Reply from {reply.authorFirstName}</span>
        <time dateTime={reply.updatedAt} title={new Date(reply.updatedAt).toLocaleString()}>
          {relativeTime(reply.updatedAt)}
          {edited ? ' (edited)' : ''}
        </time>
        {reply.held && (
          <Badge tone="warning">
            <Clock aria-hidden className="size-3.5" />
            Waiting for review
          </Badge>
        )}
      </p>
      <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-800">{reply.text}</p>
    </div>
  );
}
