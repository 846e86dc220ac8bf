import { ReplyUnderRating } from '@client/components/reply-under-rating';
import { Button } from '@client/components/ui/button';
import { Textarea } from '@client/components/ui/textarea';
import { useToast } from '@client/components/ui/use-toast';
import { fieldErrors, serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { textLength } from '@common/code-points';
import { REPLY_MAX } from '@common/community';
import type { ReplyView } from '@common/schemas/replies';
import { MessageSquareReply, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useDeleteReply, useSaveReply } from '../api/save-reply';

const count = new Intl.NumberFormat('en-US');

/**
 * Under a rating in Ratings About Me (docs/product.md#replies): the player's one public reply, which they write,
 * change or delete here. The count is in characters as people count them (an emoji is one), as the server counts.
 */
export function ReplyEditor({
  ratingId,
  playerId,
  reply,
}: {
  ratingId: number;
  playerId: number;
  reply: ReplyView | null;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeleteReply(playerId);
  const { toast } = useToast();

  if (editing) {
    return (
      <ReplyForm ratingId={ratingId} playerId={playerId} initial={reply?.text ?? ''} onDone={() => setEditing(false)} />
    );
  }
  if (!reply) {
    return (
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setEditing(true)}>
        <MessageSquareReply aria-hidden className="size-4" />
        Reply publicly
      </Button>
    );
  }
  return (
    <div className="grid gap-2">
      <ReplyUnderRating reply={reply} />
      {remove.isError && (
        <p role="alert" className="text-sm text-red-800">
          {serverMessage(remove.error, 'Your reply could not be deleted. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {confirmingDelete ? (
          <>
            <span className="self-center text-sm text-stone-700">Delete your reply?</span>
            <Button
              size="sm"
              variant="destructive"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(ratingId, {
                  onSuccess: () => {
                    setConfirmingDelete(false);
                    toast({ title: 'Reply deleted', variant: 'success' });
                  },
                })
              }
            >
              Delete
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" />
              Edit reply
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmingDelete(true)}>
              <Trash2 aria-hidden className="size-4" />
              Delete reply
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function ReplyForm({
  ratingId,
  playerId,
  initial,
  onDone,
}: {
  ratingId: number;
  playerId: number;
  initial: string;
  onDone: () => void;
}) {
  const [text, setText] = useState(initial);
  const save = useSaveReply(playerId);
  const { toast } = useToast();
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const used = textLength(text.trim());
  const over = used > REPLY_MAX;
  const empty = used === 0;
  const serverError = save.isError
    ? (fieldErrors(save.error).text ?? serverMessage(save.error, 'Your reply could not be saved. Please try again.'))
    : null;
  const error = over
    ? `${count.format(used - REPLY_MAX)} character${used - REPLY_MAX === 1 ? '' : 's'} too many`
    : serverError;

  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (over || empty) return;
        save.mutate(
          { ratingId, text },
          {
            onSuccess: (saved) => {
              onDone();
              toast({
                title: saved.reply.held ? 'Reply waiting for review' : 'Reply posted',
                description: saved.reply.held
                  ? 'Our moderators look at it before others see it.'
                  : 'It shows under the rating on your public page.',
                variant: 'success',
              });
            },
          },
        );
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-semibold text-stone-800">
        Your public reply
      </label>
      <Textarea
        id={fieldId}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(countId, error && errorId)}
        placeholder="Thank the rater, or add your side. Everyone who sees the rating sees your reply."
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-800">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={countId} className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-800' : 'text-stone-500')}>
          {count.format(used)} / {count.format(REPLY_MAX)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={save.isPending} disabled={over || empty}>
          {initial ? 'Save reply' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
