import { isLoaded, QueryStatus } from '@client/components/query-status';
import { StatusTabs } from '@client/components/status-tabs';
import { EmptyState } from '@client/components/ui/empty-state';
import { matchRequestsQuery } from '@client/lib/match-requests-query';
import { MATCH_REQUEST_STATUSES, type MatchRequestStatus } from '@common/constants';
import type { AdminMatchRequest } from '@common/schemas/claims';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, Inbox, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { MatchRequestCard } from './match-requests-card';

const STATUS_TABS: Record<MatchRequestStatus, { label: string; icon: typeof Clock }> = {
  pending: { label: 'Pending', icon: Clock },
  approved: { label: 'Approved', icon: CircleCheck },
  denied: { label: 'Denied', icon: CircleX },
  // Claims their claimants took back, kept for the record (decision 008).
  withdrawn: { label: 'Withdrawn', icon: Undo2 },
};

/** Match Requests (docs/product.md#admin-screens): Pending, Approved, Denied (and Withdrawn); Approve / Deny on the pending ones. */
export default function MatchRequestsTab() {
  const [status, setStatus] = useState<MatchRequestStatus>('pending');
  // The same query as the nav badge (polled by the shell), so its count is at hand.
  const pending = useQuery(matchRequestsQuery<AdminMatchRequest>('pending'));
  const pendingCount = pending.data?.requests.length ?? 0;

  return (
    <StatusTabs
      label="Request status"
      statuses={MATCH_REQUEST_STATUSES}
      tabs={STATUS_TABS}
      value={status}
      onChange={setStatus}
      pendingCount={pendingCount}
      phoneColumns={2}
    >
      {(value) => <RequestList status={value} />}
    </StatusTabs>
  );
}

function RequestList({ status }: { status: MatchRequestStatus }) {
  const requests = useQuery(matchRequestsQuery<AdminMatchRequest>(status));

  if (!isLoaded(requests)) {
    return (
      <QueryStatus query={requests} loading={`Loading ${status} requests...`} failed="Error loading match requests" />
    );
  }
  if (requests.data.requests.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={`No ${status} requests`}
        description={
          status === 'pending' ? 'When someone claims a player profile, the request waits here for review.' : undefined
        }
      />
    );
  }
  return (
    <ul aria-label={`${STATUS_TABS[status].label} requests`} className="grid gap-4">
      {requests.data.requests.map((request) => (
        <li key={request.id}>
          <MatchRequestCard request={request} />
        </li>
      ))}
    </ul>
  );
}
