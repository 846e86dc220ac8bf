import { Button, focusRing } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { relativeTime } from '@client/lib/relative-time';
import type { Notice } from '@common/schemas/notifications';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/**
 * docs/product.md#notifications: the bell in the top bar, with the unread count, opening the newest notices. The
 * button's name carries the count for screen readers; the popover takes focus and gives it back on close.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data } = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  const name = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={name}
          title={name}
          className={cn(
            'relative grid size-11 place-items-center rounded-full text-stone-700 hover:bg-stone-100 sm:size-9',
            focusRing,
          )}
        >
          <Bell aria-hidden className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden
              className="absolute top-0.5 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[0.7rem] leading-none font-bold text-white sm:-top-1 sm:-right-1"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-2xl border border-stone-200 bg-white shadow-lg shadow-stone-900/10 outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-stone-100 px-4 py-3">
            <h2 className="text-base font-bold text-stone-900">Notifications</h2>
            {unread > 0 && (
              <Button variant="ghost" size="sm" loading={markRead.isPending} onClick={() => markRead.mutate({})}>
                Mark all as read
              </Button>
            )}
          </div>
          {!data ? (
            <p className="px-4 py-6 text-sm text-stone-600">Loading…</p>
          ) : data.items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-stone-600">
              Nothing yet. Decisions, replies and a weekly digest of new ratings about you show here.
            </p>
          ) : (
            <ul className="max-h-[min(28rem,70vh)] divide-y divide-stone-100 overflow-y-auto">
              {data.items.map((notice) => (
                <li key={notice.id}>
                  <NoticeRow
                    notice={notice}
                    onOpen={() => {
                      if (!notice.readAt) markRead.mutate({ ids: [notice.id] });
                      setOpen(false);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const unread = !notice.readAt;
  const content = (
    <>
      <span
        aria-hidden
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-teal-600' : 'bg-transparent')}
      />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn('text-sm wrap-anywhere text-stone-900', unread ? 'font-bold' : 'font-medium')}>
          {unread && <span className="sr-only">Unread: </span>}
          {notice.title}
        </span>
        <span className="text-sm wrap-anywhere text-stone-600">{notice.body}</span>
        <span className="text-xs text-stone-500">{relativeTime(notice.createdAt)}</span>
      </span>
    </>
  );
  const rowClass = cn('flex gap-2.5 px-4 py-3 text-left', focusRing);
  if (notice.link) {
    return (
      <Link to={notice.link} onClick={onOpen} className={cn(rowClass, 'hover:bg-stone-50')}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onOpen} className={cn(rowClass, 'w-full hover:bg-stone-50')}>
      {content}
    </button>
  );
}
