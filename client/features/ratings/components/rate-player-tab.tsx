import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Rate a Player" screen (default export, no props). */
export default function RatePlayerTab() {
  return <EmptyState icon={Construction} title="Rate a Player" description="This screen is on its way." />;
}
