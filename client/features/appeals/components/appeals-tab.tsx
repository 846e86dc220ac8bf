import { isLoaded, QueryStatus } from '@client/components/query-status';
import { useReviewFocus } from '@client/components/review-dialog';
import { StatusTabs } from '@client/components/status-tabs';
import { EmptyState } from '@client/components/ui/empty-state';
import { APPEAL_QUEUE_STATUSES, type AdminAppeal, type AppealQueueStatus } from '@common/schemas/appeals';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, Scale } from 'lucide-react';
import { useRef, useState } from 'react';
import { appealsQuery } from '../api/get-appeals';
import { AppealCard } from './appeal-card';
import { DecideAppealDialog } from './decide-appeal-dialog';

const STATUS_TABS: Record<AppealQueueStatus, { label: string; icon: typeof Clock; empty: string }> = {
  open: { label: 'Open', icon: Clock, empty: 'No appeals are waiting for a decision.' },
  decided: { label: 'Decided', icon: CircleCheck, empty: 'No appeals decided yet.' },
};

/**
 * Admin: Appeals (docs/product.md#appeals). The appeals of moderation decisions, open (oldest first) or decided; an
 * open one is upheld or reversed by a different admin than the one who made the decision.
 */
export default function AppealsTab() {
  const [status, setStatus] = useState<AppealQueueStatus>('open');
  const openCount = useQuery(appealsQuery('open')).data?.appeals.length ?? 0;
  const [deciding, setDeciding] = useState<AdminAppeal | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { opener, onCloseAutoFocus } = useReviewFocus(heading);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="appeals-heading" className="grid gap-3">
        <h2 id="appeals-heading" ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900 outline-none">
          Appeals of decisions
        </h2>
        <p className="text-sm text-stone-600">
          People may appeal a decision about a rating within 6 months. The admin who made a decision cannot decide its
          appeal.
        </p>
        <StatusTabs
          label="Appeal status"
          statuses={APPEAL_QUEUE_STATUSES}
          tabs={STATUS_TABS}
          value={status}
          onChange={setStatus}
          pendingCount={openCount}
          phoneColumns={2}
        >
          {(value) => (
            <AppealList
              status={value}
              onDecide={(appeal, button) => {
                opener.current = button;
                setDeciding(appeal);
              }}
            />
          )}
        </StatusTabs>
      </section>
      <DecideAppealDialog appeal={deciding} onClose={() => setDeciding(null)} onCloseAutoFocus={onCloseAutoFocus} />
    </div>
  );
}

function AppealList({
  status,
  onDecide,
}: {
  status: AppealQueueStatus;
  onDecide: (appeal: AdminAppeal, button: HTMLElement) => void;
}) {
  const appeals = useQuery(appealsQuery(status));
  if (!isLoaded(appeals)) {
    return <QueryStatus query={appeals} loading={`Loading ${status} appeals...`} failed="Error loading appeals" />;
  }
  if (appeals.data.appeals.length === 0) {
    return (
      <EmptyState
        icon={Scale}
        headingLevel={3}
        title={`No ${status} appeals`}
        description={STATUS_TABS[status].empty}
      />
    );
  }
  return (
    <ul className="grid gap-3" aria-label={`${STATUS_TABS[status].label} appeals`}>
      {appeals.data.appeals.map((appeal) => (
        <li key={appeal.id}>
          <AppealCard appeal={appeal} onDecide={status === 'open' ? (button) => onDecide(appeal, button) : undefined} />
        </li>
      ))}
    </ul>
  );
}
