import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Player List" screen (default export, no props). */
export default function PlayerListTab() {
  return <EmptyState icon={Construction} title="Player List" description="This screen is on its way." />;
}
