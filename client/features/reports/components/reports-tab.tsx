import { isLoaded, QueryStatus } from '@client/components/query-status';
import { useReviewFocus } from '@client/components/review-dialog';
import { StatusTabs } from '@client/components/status-tabs';
import { EmptyState } from '@client/components/ui/empty-state';
import { REPORT_QUEUE_STATUSES, type ReportQueueEntry } from '@common/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, MessageSquareWarning } from 'lucide-react';
import { useRef, useState } from 'react';
import { reportsQuery, type ReportQueueStatus } from '../api/get-reports';
import { DecideReportDialog } from './decide-report-dialog';
import { ReportCard } from './report-card';

const STATUS_TABS: Record<ReportQueueStatus, { label: string; icon: typeof Clock; empty: string }> = {
  open: { label: 'Open', icon: Clock, empty: 'No reported ratings or held replies are waiting for a decision.' },
  decided: { label: 'Decided', icon: CircleCheck, empty: 'No decisions yet.' },
};

/**
 * Admin: Reports (docs/product.md#reports-and-decisions). Ratings members reported, one card per rating, the longest
 * waiting first; the decided tab lists the latest decisions on ratings, whatever path they came by.
 */
export default function ReportsTab() {
  const [status, setStatus] = useState<ReportQueueStatus>('open');
  const openCount = useQuery(reportsQuery('open')).data?.length ?? 0;
  const [deciding, setDeciding] = useState<ReportQueueEntry | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { opener, onCloseAutoFocus } = useReviewFocus(heading);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="reports-heading" className="grid gap-3">
        <h2 id="reports-heading" ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900 outline-none">
          Reported ratings
        </h2>
        <p className="text-sm text-stone-600">
          Members report ratings that break a rule. Each decision is sent to the rater and every reporter with your
          reasons and the rule, and may be appealed.
        </p>
        <StatusTabs
          label="Report status"
          statuses={REPORT_QUEUE_STATUSES}
          tabs={STATUS_TABS}
          value={status}
          onChange={setStatus}
          pendingCount={openCount}
          phoneColumns={2}
        >
          {(value) => (
            <ReportList
              status={value}
              onDecide={(entry, button) => {
                opener.current = button;
                setDeciding(entry);
              }}
            />
          )}
        </StatusTabs>
      </section>
      <DecideReportDialog entry={deciding} onClose={() => setDeciding(null)} onCloseAutoFocus={onCloseAutoFocus} />
    </div>
  );
}

function ReportList({
  status,
  onDecide,
}: {
  status: ReportQueueStatus;
  onDecide: (entry: ReportQueueEntry, button: HTMLElement) => void;
}) {
  const reports = useQuery(reportsQuery(status));
  if (!isLoaded(reports)) {
    return <QueryStatus query={reports} loading={`Loading ${status} reports...`} failed="Error loading reports" />;
  }
  if (reports.data.length === 0) {
    return (
      <EmptyState
        icon={MessageSquareWarning}
        headingLevel={3}
        title={status === 'open' ? 'Nothing to decide' : 'No decisions'}
        description={STATUS_TABS[status].empty}
      />
    );
  }
  return (
    <ul className="grid gap-3" aria-label={`${STATUS_TABS[status].label} reports`}>
      {reports.data.map((entry) => (
        <li key={entry.decision ? `d${entry.decision.id}` : entry.rating.id}>
          <ReportCard entry={entry} onDecide={status === 'open' ? (button) => onDecide(entry, button) : undefined} />
        </li>
      ))}
    </ul>
  );
}
