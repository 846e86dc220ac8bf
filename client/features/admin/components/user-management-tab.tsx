import { isLoaded, QueryStatus } from '@client/components/query-status';
import { SearchBox } from '@client/components/search-box';
import { ShowMore } from '@client/components/show-more';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { toast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { relativeTime } from '@client/lib/relative-time';
import { useSearchedList } from '@client/lib/use-searched-list';
import { maskEmail } from '@common/mask-email';
import type { AdminUser, AdminUsersReply } from '@common/schemas/admin';
import { Download, SearchX, ShieldCheck, Trash2, User, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useExportUserData } from '../api/export-user-data';
import { adminUsersQuery } from '../api/get-admin-users';
import { countText } from '../list-text';
import { EraseUserDialog } from './erase-user-dialog';

/** User Management (docs/product.md#admin-screens): search by name or e-mail; cards with masked e-mail (docs/product.md#email-masking), role badge and times. */
export default function UserManagementTab() {
  const { query: users, q, rows, total, showMore, searchBox } = useSearchedList(adminUsersQuery, rowsOf, totalOf);

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="gap-3 pb-5 sm:flex sm:flex-row sm:items-end sm:justify-between sm:pb-6">
          <div className="grid gap-1">
            <CardTitle>Users</CardTitle>
            <CardDescription aria-live="polite">
              {users.data ? countText(total, total, 'user', q) : ' '}
            </CardDescription>
          </div>
          <SearchBox label="Search users" placeholder="Name or e-mail" {...searchBox} />
        </CardHeader>
      </Card>

      {!isLoaded(users) ? (
        <QueryStatus query={users} loading="Loading users..." failed="Error loading users" />
      ) : rows.length === 0 ? (
        q ? (
          <EmptyState
            icon={SearchX}
            title="No users found"
            description={`No user matches “${q}”. Try part of a name or an e-mail.`}
          />
        ) : (
          <EmptyState icon={UsersRound} title="No users yet" description="People appear here once they sign up." />
        )
      ) : (
        <>
          <ul aria-label="Users" className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {rows.map((user) => (
              <li key={user.id}>
                <UserCard user={user} />
              </li>
            ))}
          </ul>
          <ShowMore {...showMore} total={total} noun="users" />
        </>
      )}
    </div>
  );
}

const rowsOf = (page: { data: AdminUsersReply }) => page.data.users;
// Every match, counted by the server with the first page.
const totalOf = (page: { data: AdminUsersReply }) => page.data.total;

const PROVIDER_LABELS: Record<string, string> = {
  google: 'Google',
  password: 'E-mail & password',
  developer: 'Developer',
};

function UserCard({ user }: { user: AdminUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Card className="flex h-full gap-3 p-4">
      <span
        aria-hidden
        className={
          user.isAdmin
            ? 'hidden size-10 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800 sm:grid'
            : 'hidden size-10 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-700 sm:grid'
        }
      >
        {user.isAdmin ? <ShieldCheck className="size-5" /> : <User className="size-5" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 className={name ? 'font-semibold wrap-anywhere text-stone-900' : 'font-medium text-stone-500 italic'}>
              {name || 'No name provided'}
            </h3>
            {user.email ? (
              <p className="truncate text-sm text-stone-700" title={maskEmail(user.email)}>
                {maskEmail(user.email)}
              </p>
            ) : (
              <p className="text-sm text-stone-500 italic">No email provided</p>
            )}
          </div>
          {user.isAdmin ? (
            <Badge tone="accent" className="shrink-0">
              Admin
            </Badge>
          ) : (
            <Badge tone="neutral" className="shrink-0">
              Regular User
            </Badge>
          )}
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-stone-500">Joined</dt>
          <dd className="text-stone-800">
            <TimeText value={user.createdAt} />
          </dd>
          <dt className="text-stone-500">Last Updated</dt>
          <dd className="text-stone-800">
            <TimeText value={user.updatedAt} />
          </dd>
          <dt className="text-stone-500">Sign-in</dt>
          <dd className="truncate text-stone-800">{PROVIDER_LABELS[user.authProvider] ?? user.authProvider}</dd>
        </dl>
        <UserDataActions user={user} name={name || maskEmail(user.email)} />
      </div>
    </Card>
  );
}

/** docs/product.md#your-data: an account's data file, and its erasure, on an admin's request (both recorded). */
function UserDataActions({ user, name }: { user: AdminUser; name: string }) {
  const exportData = useExportUserData();
  const [erasing, setErasing] = useState(false);
  const download = () =>
    exportData.mutate(user.id, {
      onSuccess: (fileName) => toast({ title: 'Data exported', description: `Saved ${fileName}.`, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Export failed',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      <Button variant="outline" size="sm" loading={exportData.isPending} onClick={download}>
        {!exportData.isPending && <Download aria-hidden className="size-4" />}
        Export<span className="sr-only"> the data of {name}</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="border-red-200! text-red-800! hover:bg-red-50!"
        onClick={() => setErasing(true)}
      >
        <Trash2 aria-hidden className="size-4" />
        Erase<span className="sr-only"> the account of {name}</span>
      </Button>
      <EraseUserDialog user={user} name={name} open={erasing} onOpenChange={setErasing} />
    </div>
  );
}

/** docs/product.md#relative-time relative time with the exact date on hover; 'Unknown' when there is no usable date. */
function TimeText({ value }: { value: string | null | undefined }) {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return <>Unknown</>;
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()}>
      {relativeTime(date)}
    </time>
  );
}
