import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Match Requests" screen (default export, no props). */
export default function MatchRequestsTab() {
  return <EmptyState icon={Construction} title="Match Requests" description="This screen is on its way." />;
}
