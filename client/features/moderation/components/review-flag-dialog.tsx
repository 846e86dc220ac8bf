import {
  type FlagReviewProps,
  type ReviewChoice,
  ReviewDialog,
  useReviewDecision,
} from '@client/components/review-dialog';
import { Badge } from '@client/components/ui/badge';
import { RESOLUTION_NOTES_MAX, type FlaggedComment, type ResolveAction } from '@common/schemas/moderation';
import { Eye, EyeOff } from 'lucide-react';
import { useResolveFlag } from '../api/resolve-flag';
import { fieldLabel, reasonLabel, reasonTone } from '../flag-display';
import { FlagDate } from './flag-date';

const CHOICES: ReviewChoice<ResolveAction>[] = [
  { action: 'keep_hidden', label: 'Keep hidden', busyLabel: 'Resolving...', variant: 'outline', icon: EyeOff },
  { action: 'restore', label: 'Restore', busyLabel: 'Resolving...', icon: Eye },
];

/** The review dialog (docs/product.md#admin-screens): the flag's details, optional Resolution Notes, Cancel, and resolve by Keep hidden or Restore. */
export function ReviewFlagDialog({ flag, onClose, onCloseAutoFocus }: FlagReviewProps<FlaggedComment>) {
  const decision = useReviewDecision(useResolveFlag(), {
    decided: (_flag: FlaggedComment, action) => ({
      title: 'Flag resolved',
      description:
        action === 'restore' ? 'The text is shown again.' : 'The text stays hidden from everyone but admins.',
    }),
    failedTitle: 'Could not resolve the flag',
    onClose,
  });

  return (
    <ReviewDialog
      item={flag}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title={() => 'Review flagged content'}
      description="This text is hidden from players until the flag is resolved. Restore shows it again (unless another flag on the same text is still open); Keep hidden resolves the flag and keeps it from everyone but admins."
      notes={{
        label: 'Resolution Notes',
        max: RESOLUTION_NOTES_MAX,
        placeholder: 'e.g. Spoke to the rater; the comment was edited.',
      }}
      choices={CHOICES}
      {...decision}
    >
      {(flag) => <FlagDetails flag={flag} />}
    </ReviewDialog>
  );
}

function FlagDetails({ flag }: { flag: FlaggedComment }) {
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
        <dt className="text-stone-600">Player</dt>
        <dd className="font-semibold wrap-anywhere text-stone-900">{flag.playerName}</dd>
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
        <blockquote className="mt-1 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-900">
          {flag.flaggedText}
        </blockquote>
      </figure>
    </>
  );
}
