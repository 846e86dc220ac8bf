import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Bulk Import" screen (default export, no props). */
export default function BulkImportTab() {
  return <EmptyState icon={Construction} title="Bulk Import" description="This screen is on its way." />;
}
