import { isLoaded, QueryStatus } from '@client/components/query-status';
import { useReviewFocus } from '@client/components/review-dialog';
import { useRatingRemovalDialogs } from '@client/components/rating-removal-dialogs';
import { StatusTabs } from '@client/components/status-tabs';
import { EmptyState } from '@client/components/ui/empty-state';
import { TRUST_FLAG_STATUSES, type TrustFlag } from '@common/schemas/trust';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { trustFlagsQuery, type TrustFlagStatus } from '../api/get-trust-flags';
import { trustStatusQuery } from '../api/get-trust-status';
import { ReviewTrustFlagDialog } from './review-trust-flag-dialog';
import { FlagRatingAction } from './flag-rating-action';
import { TrustFlagCard } from './trust-flag-card';
import { TrustStatusPanel } from './trust-status-panel';

const STATUS_TABS: Record<TrustFlagStatus, { label: string; icon: typeof Clock; empty: string }> = {
  pending: { label: 'Pending', icon: Clock, empty: 'No flags waiting for review.' },
  confirmed: { label: 'Confirmed', icon: CircleCheck, empty: 'No confirmed flags yet.' },
  dismissed: { label: 'Dismissed', icon: CircleX, empty: 'No dismissed flags yet.' },
};

/**
 * Admin: Trust & Safety. The collusion checks' flags (rings and boosts) and the held bursts of new accounts, with
 * their evidence, by status; pending ones are confirmed (their ratings stop counting) or dismissed. Above them, the
 * state of the estimates.
 */
export default function TrustTab() {
  const [status, setStatus] = useState<TrustFlagStatus>('pending');
  const pendingCount = useQuery(trustStatusQuery).data?.pendingFlags ?? 0;
  const [reviewing, setReviewing] = useState<TrustFlag | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { opener, onCloseAutoFocus } = useReviewFocus(heading);
  const removal = useRatingRemovalDialogs(heading);
  return (
    <div className="grid gap-6">
      <TrustStatusPanel />
      <section aria-labelledby="trust-flags" className="grid gap-3">
        <h2 id="trust-flags" ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900 outline-none">
          Collusion and burst flags
        </h2>
        <StatusTabs
          label="Flag status"
          statuses={TRUST_FLAG_STATUSES}
          tabs={STATUS_TABS}
          value={status}
          onChange={setStatus}
          pendingCount={pendingCount}
          phoneColumns={3}
        >
          {(value) => (
            <FlagList
              status={value}
              removal={removal}
              onReview={(flag, button) => {
                opener.current = button;
                setReviewing(flag);
              }}
            />
          )}
        </StatusTabs>
      </section>
      {/* Outside the list, which unmounts with its last pending flag: the outcome's toast must still show. */}
      <ReviewTrustFlagDialog flag={reviewing} onClose={() => setReviewing(null)} onCloseAutoFocus={onCloseAutoFocus} />
      {removal.dialogs}
    </div>
  );
}

function FlagList({
  status,
  removal,
  onReview,
}: {
  status: TrustFlagStatus;
  removal: ReturnType<typeof useRatingRemovalDialogs>;
  onReview: (flag: TrustFlag, button: HTMLElement) => void;
}) {
  const flags = useQuery(trustFlagsQuery(status));

  if (!isLoaded(flags)) {
    return <QueryStatus query={flags} loading={`Loading ${status} flags...`} failed="Error loading flags" />;
  }
  if (flags.data.flags.length === 0) {
    return (
      <EmptyState
        icon={ShieldCheck}
        headingLevel={3}
        title={`No ${status} flags`}
        description={STATUS_TABS[status].empty}
      />
    );
  }

  return (
    <ul className="grid gap-3" aria-label={`${STATUS_TABS[status].label} flags`}>
      {flags.data.flags.map((flag) => (
        <li key={flag.id}>
          <TrustFlagCard
            flag={flag}
            onReview={status === 'pending' ? (button) => onReview(flag, button) : undefined}
            ratingAction={(ratingId) => <FlagRatingAction flag={flag} ratingId={ratingId} removal={removal} />}
          />
        </li>
      ))}
    </ul>
  );
}
