import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "About Rating System" screen (default export, no props). */
export default function AboutRatingSystemTab() {
  return <EmptyState icon={Construction} title="About Rating System" description="This screen is on its way." />;
}
