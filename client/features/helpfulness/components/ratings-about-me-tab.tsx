import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Ratings About Me" screen (default export, no props). */
export default function RatingsAboutMeTab() {
  return <EmptyState icon={Construction} title="Ratings About Me" description="This screen is on its way." />;
}
