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
import { TRUST_REVIEW_NOTES_MAX, type TrustFlag } from '@common/schemas/trust';
import { useState } from 'react';
import { useReviewTrustFlag, type TrustReviewAction } from '../api/review-trust-flag';
import { FLAG_TYPE, ratingIdsText } from '../trust-display';
import { FlagEvidence } from './flag-evidence';
import { TrustDate } from './trust-date';

const OUTCOME: Record<TrustReviewAction, { title: string; description: (flag: TrustFlag) => string }> = {
  confirm: {
    title: 'Flag confirmed',
    description: (flag) =>
      `${flag.ratingIds.length} rating${flag.ratingIds.length === 1 ? '' : 's'} no longer count in any estimate.`,
  },
  dismiss: {
    title: 'Flag dismissed',
    description: () => 'These ratings keep counting and will not be flagged again.',
  },
};

/** Confirm (the flag's ratings stop counting) or Dismiss, with optional notes. */
export function ReviewTrustFlagDialog({
  flag,
  onClose,
  onCloseAutoFocus,
}: {
  flag: TrustFlag | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const review = useReviewTrustFlag();
  return (
    <Dialog
      open={flag !== null}
      onOpenChange={(open) => {
        if (!open && !review.isPending) onClose();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="max-w-2xl">
        {flag && <ReviewForm key={flag.id} flag={flag} review={review} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({
  flag,
  review,
  onDone,
}: {
  flag: TrustFlag;
  review: ReturnType<typeof useReviewTrustFlag>;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const [notes, setNotes] = useState('');
  const type = FLAG_TYPE[flag.type];
  const pendingAction = review.isPending ? review.variables.action : null;

  const decide = (action: TrustReviewAction) =>
    review.mutate(
      { id: flag.id, action, notes },
      {
        onSuccess: () => {
          toast({ title: OUTCOME[action].title, description: OUTCOME[action].description(flag), variant: 'success' });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Could not review the flag',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Review {type.label.toLowerCase()} flag</DialogTitle>
        <DialogDescription>
          Confirm: its ratings stop counting in every estimate (they stay stored and visible to admins). Dismiss: they
          keep counting, and the same ratings are not flagged again.
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
        <dt className="text-stone-600">Type</dt>
        <dd>
          <Badge tone={type.tone}>{type.label}</Badge> <span className="text-stone-700">{type.what}</span>
        </dd>
        <dt className="text-stone-600">Score</dt>
        <dd className="font-semibold text-stone-900 tabular-nums">{flag.score.toFixed(2)}</dd>
        <dt className="text-stone-600">Flagged</dt>
        <dd className="text-stone-900">
          <TrustDate value={flag.createdAt} />
        </dd>
        <dt className="text-stone-600">Accounts</dt>
        <dd className="min-w-0 text-stone-900">
          <ul>
            {flag.accounts.map((account) => (
              <li key={account.userId ?? account.email} className="break-words">
                {account.email}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="text-stone-600">Ratings</dt>
        <dd className="text-stone-900 tabular-nums">{ratingIdsText(flag.ratingIds)}</dd>
      </dl>

      <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-stone-200">
        <FlagEvidence flag={flag} />
      </div>

      <FormField label="Review notes" optional hint="For the record: what you decided and why.">
        <Textarea
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          rows={3}
          maxLength={TRUST_REVIEW_NOTES_MAX}
          placeholder="e.g. Same club, all accounts created the same week."
        />
      </FormField>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost" disabled={review.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant="outline"
          onClick={() => decide('dismiss')}
          loading={pendingAction === 'dismiss'}
          disabled={review.isPending}
        >
          {pendingAction === 'dismiss' ? 'Dismissing...' : 'Dismiss'}
        </Button>
        <Button
          variant="destructive"
          onClick={() => decide('confirm')}
          loading={pendingAction === 'confirm'}
          disabled={review.isPending}
        >
          {pendingAction === 'confirm' ? 'Confirming...' : 'Confirm'}
        </Button>
      </DialogFooter>
    </div>
  );
}
