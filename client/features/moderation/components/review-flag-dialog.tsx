import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
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
import { RESOLUTION_NOTES_MAX, type FlaggedComment, type ResolveAction } from '@common/schemas/moderation';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useResolveFlag } from '../api/resolve-flag';
import { fieldLabel, reasonLabel, reasonTone } from '../flag-display';
import { FlagDate } from './flag-date';

/** The review dialog (docs/product.md#admin-screens): the flag's details, optional Resolution Notes, Cancel, and resolve by Keep hidden or Restore. */
export function ReviewFlagDialog({
  flag,
  onClose,
  onCloseAutoFocus,
}: {
  flag: FlaggedComment | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const resolve = useResolveFlag();
  return (
    <Dialog
      open={flag !== null}
      onOpenChange={(open) => {
        if (!open && !resolve.isPending) onClose();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {flag && <ReviewForm key={flag.id} flag={flag} resolve={resolve} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({
  flag,
  resolve,
  onDone,
}: {
  flag: FlaggedComment;
  resolve: ReturnType<typeof useResolveFlag>;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const [notes, setNotes] = useState('');

  const pendingAction = resolve.isPending ? resolve.variables.action : null;

  const decide = (action: ResolveAction) => {
    resolve.mutate(
      { id: flag.id, notes, action },
      {
        onSuccess: () => {
          toast({
            title: 'Flag resolved',
            description:
              action === 'restore' ? 'The text is shown again.' : 'The text stays hidden from everyone but admins.',
            variant: 'success',
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Could not resolve the flag',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Review flagged content</DialogTitle>
        <DialogDescription>
          This text is hidden from players until the flag is resolved. Restore shows it again (unless another flag on
          the same text is still open); Keep hidden resolves the flag and keeps it from everyone but admins.
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
        <dt className="text-stone-600">Player</dt>
        <dd className="font-semibold break-words text-stone-900">{flag.playerName}</dd>
        <dt className="text-stone-600">Rater</dt>
        <dd className="break-all text-stone-900">{flag.raterEmail}</dd>
        <dt className="text-stone-600">Flagged</dt>
        <dd className="text-stone-900">
          <FlagDate value={flag.createdAt} />
        </dd>
        <dt className="text-stone-600">Reason</dt>
        <dd>
          <Badge tone={reasonTone(flag.flagReason)}>{reasonLabel(flag.flagReason)}</Badge>
        </dd>
      </dl>

      <figure className="rounded-xl border-l-4 border-red-300 bg-white px-4 py-3 ring-1 ring-stone-200">
        <figcaption className="text-xs font-semibold text-stone-600">
          Flagged text · {fieldLabel(flag.field)}
        </figcaption>
        <blockquote className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-stone-900">
          {flag.flaggedText}
        </blockquote>
      </figure>

      <FormField label="Resolution Notes" optional hint="For the record: what you decided and why.">
        <Textarea
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          rows={3}
          maxLength={RESOLUTION_NOTES_MAX}
          placeholder="e.g. Spoke to the rater; the comment was edited."
        />
      </FormField>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={resolve.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant="outline"
          onClick={() => decide('keep_hidden')}
          loading={pendingAction === 'keep_hidden'}
          disabled={resolve.isPending}
        >
          {pendingAction !== 'keep_hidden' && <EyeOff aria-hidden className="size-4" />}
          {pendingAction === 'keep_hidden' ? 'Resolving...' : 'Keep hidden'}
        </Button>
        <Button onClick={() => decide('restore')} loading={pendingAction === 'restore'} disabled={resolve.isPending}>
          {pendingAction !== 'restore' && <Eye aria-hidden className="size-4" />}
          {pendingAction === 'restore' ? 'Resolving...' : 'Restore'}
        </Button>
      </DialogFooter>
    </div>
  );
}
