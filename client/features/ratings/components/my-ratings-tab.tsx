import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "My Ratings" screen (default export, no props). */
export default function MyRatingsTab() {
  return <EmptyState icon={Construction} title="My Ratings" description="This screen is on its way." />;
}
