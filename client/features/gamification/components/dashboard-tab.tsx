import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "My Dashboard" screen (default export, no props). */
export default function DashboardTab() {
  return <EmptyState icon={Construction} title="My Dashboard" description="This screen is on its way." />;
}
