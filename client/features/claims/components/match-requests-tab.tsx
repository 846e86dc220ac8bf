import { isLoaded, QueryStatus } from '@client/components/query-status';
import { EmptyState } from '@client/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
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
    <Tabs value={status} onValueChange={(value) => setStatus(value as MatchRequestStatus)}>
      <TabsList aria-label="Request status" className="w-full max-sm:grid max-sm:grid-cols-2 sm:w-auto">
        {MATCH_REQUEST_STATUSES.map((value) => {
          const { label, icon: Icon } = STATUS_TABS[value];
          return (
            <TabsTrigger key={value} value={value} className="flex-1 px-2 sm:flex-none sm:px-3">
              <Icon aria-hidden className="hidden size-4 sm:block" />
              {label}
              {value === 'pending' && pendingCount > 0 && (
                <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs leading-none font-bold text-white">
                  {pendingCount}
                </span>
              )}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {MATCH_REQUEST_STATUSES.map((value) => (
        <TabsContent key={value} value={value} className="rounded-xl">
          <RequestList status={value} />
        </TabsContent>
      ))}
    </Tabs>
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
