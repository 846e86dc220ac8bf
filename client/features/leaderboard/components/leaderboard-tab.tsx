import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Leaderboard" screen (default export, no props). */
export default function LeaderboardTab() {
  return <EmptyState icon={Construction} title="Leaderboard" description="This screen is on its way." />;
}
