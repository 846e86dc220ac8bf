import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "Email Signups" screen (default export, no props). */
export default function EmailSignupsTab() {
  return <EmptyState icon={Construction} title="Email Signups" description="This screen is on its way." />;
}
