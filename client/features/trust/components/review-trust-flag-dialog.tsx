import {
  type FlagReviewProps,
  type ReviewChoice,
  ReviewDialog,
  useReviewDecision,
} from '@client/components/review-dialog';
import { Badge } from '@client/components/ui/badge';
import { TRUST_REVIEW_NOTES_MAX, type TrustFlag } from '@common/schemas/trust';
import { useReviewTrustFlag, type TrustReviewAction } from '../api/review-trust-flag';
import { FLAG_TYPE, ratingIdsText, scoreText } from '../trust-display';
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
    description: (flag) =>
      flag.type === 'burst'
        ? 'These ratings count now and will not be flagged again.'
        : 'These ratings keep counting and will not be flagged again.',
  },
};

const CHOICES: ReviewChoice<TrustReviewAction>[] = [
  { action: 'dismiss', label: 'Dismiss', busyLabel: 'Dismissing...', variant: 'outline' },
  { action: 'confirm', label: 'Confirm', busyLabel: 'Confirming...', variant: 'destructive' },
];

/** Confirm (the flag's ratings stop counting) or Dismiss, with optional notes. */
export function ReviewTrustFlagDialog({ flag, onClose, onCloseAutoFocus }: FlagReviewProps<TrustFlag>) {
  const decision = useReviewDecision(useReviewTrustFlag(), {
    decided: (flag: TrustFlag, action) => ({
      title: OUTCOME[action].title,
      description: OUTCOME[action].description(flag),
    }),
    failedTitle: 'Could not review the flag',
    onClose,
  });

  return (
    <ReviewDialog
      item={flag}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      className="max-w-2xl"
      title={(flag) => `Review ${FLAG_TYPE[flag.type].label.toLowerCase()} flag`}
      description={
        flag?.type === 'burst'
          ? 'Confirm: its ratings never count (they stay stored and visible to admins). Dismiss: they count now, and the same ratings are not flagged again.'
          : 'Confirm: its ratings stop counting in every estimate (they stay stored and visible to admins). Dismiss: they keep counting, and the same ratings are not flagged again.'
      }
      notes={{
        label: 'Review notes',
        max: TRUST_REVIEW_NOTES_MAX,
        placeholder: 'e.g. Same club, all accounts created the same week.',
      }}
      cancelVariant="ghost"
      choices={CHOICES}
      {...decision}
    >
      {(flag) => <TrustFlagDetails flag={flag} />}
    </ReviewDialog>
  );
}

function TrustFlagDetails({ flag }: { flag: TrustFlag }) {
  const type = FLAG_TYPE[flag.type];
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
        <dt className="text-stone-600">Type</dt>
        <dd>
          <Badge tone={type.tone}>{type.label}</Badge> <span className="text-stone-700">{type.what}</span>
        </dd>
        <dt className="text-stone-600">Score</dt>
        <dd className="font-semibold text-stone-900 tabular-nums">{scoreText(flag)}</dd>
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
    </>
  );
}
