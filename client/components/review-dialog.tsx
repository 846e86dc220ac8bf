import { Button, type ButtonVariant } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/textarea';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import type { UseMutationResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useRef, useState } from 'react';

/**
 * Where focus goes when a review closes: back to the Review button that opened it (set `opener` on opening), or,
 * once its item is decided and the button is gone, to `fallback` (the list's heading) instead of the page body.
 * Radix returns focus only to a DialogTrigger, and these dialogs are opened from a button per row.
 */
export function useReviewFocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
    else fallback.current?.focus();
  };
  return { opener, onCloseAutoFocus };
}

/** What a flag's review dialog is given by its list: the flag under review (null: closed) and where focus goes after. */
export type FlagReviewProps<Flag> = {
  flag: Flag | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Sends an admin's decision and shows how it went: on success the `decided` toast, and the dialog closes; on a
 * failure the server's reason under `failedTitle`, and the dialog stays open to try again. Its result is the
 * dialog's `pendingAction` and `onDecide`.
 */
export function useReviewDecision<Item extends { id: number }, Action extends string, Reply>(
  mutation: UseMutationResult<Reply, Error, { id: number; action: Action; notes: string }>,
  {
    decided,
    failedTitle,
    onClose,
  }: {
    decided: (item: Item, action: Action) => { title: string; description: string };
    failedTitle: string;
    onClose: () => void;
  },
) {
  const { toast } = useToast();
  const onDecide = (item: Item, action: Action, notes: string) =>
    mutation.mutate(
      { id: item.id, action, notes },
      {
        onSuccess: () => {
          toast({ ...decided(item, action), variant: 'success' });
          onClose();
        },
        onError: (error) =>
          toast({ title: failedTitle, description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return { pendingAction: mutation.isPending ? mutation.variables.action : null, onDecide };
}

/** One way an admin can decide a review, as a footer button. */
export type ReviewChoice<Action extends string> = {
  action: Action;
  label: string;
  /** The button's text while this decision is being sent: "Resolving...". */
  busyLabel: string;
  variant?: ButtonVariant;
  icon?: LucideIcon;
};

type ReviewProps<Item, Action extends string> = {
  title: (item: Item) => ReactNode;
  description: ReactNode;
  notes: { label: string; max: number; placeholder: string };
  cancelVariant?: ButtonVariant;
  choices: ReviewChoice<Action>[];
  /** The decision being sent, or null. */
  pendingAction: Action | null;
  onDecide: (item: Item, action: Action, notes: string) => void;
  /** The item's details, between the description and the notes. */
  children: (item: Item) => ReactNode;
};

/**
 * An admin's review of a flagged item (flagged content, trust flags): the item's details, optional notes for the
 * record, Cancel, and one button per decision. It cannot be closed while a decision is being sent; the notes start
 * empty for each item.
 */
export function ReviewDialog<Item extends { id: number }, Action extends string>({
  item,
  onClose,
  onCloseAutoFocus,
  className,
  ...review
}: ReviewProps<Item, Action> & {
  /** The item under review; null closes the dialog. */
  item: Item | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
}) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && review.pendingAction === null) onClose();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className={className}>
        {item && <ReviewForm key={item.id} item={item} {...review} />}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm<Item, Action extends string>({
  item,
  title,
  description,
  notes,
  cancelVariant = 'outline',
  choices,
  pendingAction,
  onDecide,
  children,
}: ReviewProps<Item, Action> & { item: Item }) {
  const [text, setText] = useState('');
  const busy = pendingAction !== null;
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title(item)}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>

      {children(item)}

      <FormField label={notes.label} optional hint="For the record: what you decided and why.">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          maxLength={notes.max}
          placeholder={notes.placeholder}
        />
      </FormField>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant={cancelVariant} disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        {choices.map(({ action, label, busyLabel, variant, icon: Icon }) => (
          <Button
            key={action}
            variant={variant}
            onClick={() => onDecide(item, action, text)}
            loading={pendingAction === action}
            disabled={busy}
          >
            {Icon && pendingAction !== action && <Icon aria-hidden className="size-4" />}
            {pendingAction === action ? busyLabel : label}
          </Button>
        ))}
      </DialogFooter>
    </div>
  );
}
