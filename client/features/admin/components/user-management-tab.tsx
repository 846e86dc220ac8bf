import { EmptyState } from '@client/components/ui/empty-state';
import { Construction } from 'lucide-react';

/** Placeholder: the owning engineer replaces this file with the §2 "User Management" screen (default export, no props). */
export default function UserManagementTab() {
  return <EmptyState icon={Construction} title="User Management" description="This screen is on its way." />;
}
