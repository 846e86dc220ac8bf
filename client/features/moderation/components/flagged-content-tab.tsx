import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Flagged Content" screen (default export, no props). */
export default function FlaggedContentTab() {
  return <EmptyState icon={Construction} title="Flagged Content" description="This screen is on its way." />;
}
