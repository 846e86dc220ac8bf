import { LogoMark } from '@client/components/brand/logo';
import { Button } from '@client/components/ui/button';
import { developerLogout, signOut, useAuth } from '@client/lib/use-auth';
import { Code2, LogOut } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

// Signed in only: its popover's code stays off the signed-out landing page's first load.
const NotificationBell = lazy(() =>
  import('@client/features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/** docs/product.md#top-navigation: signed out, signed in, and developer states. */
export function TopNav() {
  const auth = useAuth();
  // Opaque rather than a blurred backdrop: a backdrop filter on a sticky bar is composited again on every frame,
  // work a phone does on its main thread while the page loads (Lighthouse's blocking time on /login).
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-white/95">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2.5 sm:px-6"
      >
        <Link
          to="/"
          className="flex items-center gap-2 rounded-lg py-1 pr-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          <LogoMark className="size-8" />
          <span className="font-display text-lg font-extrabold tracking-tight text-stone-900">
            Pickleball <span className="text-teal-700">Ratings</span>
          </span>
        </Link>
        {/* Its row is there before the session is known (on a phone, under the title), so the page below does
            not move when the buttons arrive. */}
        <div className="flex min-h-11 min-w-0 basis-full items-center sm:min-h-9 sm:basis-auto sm:justify-end">
          {!auth.isLoading && <NavActions />}
        </div>
      </nav>
    </header>
  );
}

function NavActions() {
  const { developer, user, displayName, initials } = useAuth();

  if (developer) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-950 sm:px-3 sm:text-sm">
          <Code2 aria-hidden className="size-4" />
          Logged in as developer: {developer.userId}
        </span>
        <LeaveButton leave={developerLogout}>Logout</LeaveButton>
      </div>
    );
  }

  if (user) {
    return (
      // On a phone the row is the screen's width: the name gives way (truncated) so Sign Out always fits.
      <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:gap-3">
        <Suspense fallback={<span aria-hidden className="size-11 sm:size-9" />}>
          <NotificationBell />
        </Suspense>
        {/* The member's name opens their Account page (docs/product.md#your-data): their data and the account's deletion. */}
        <Link
          to="/account"
          title="Your account"
          className="group flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg pr-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 sm:min-h-9 sm:flex-none"
        >
          <span
            aria-hidden
            className="grid size-9 shrink-0 place-items-center rounded-full bg-teal-700 text-sm font-bold text-white ring-2 ring-amber-300"
          >
            {initials}
          </span>
          <span className="min-w-0 truncate text-sm font-semibold text-stone-800 underline-offset-4 group-hover:underline sm:max-w-[16rem]">
            <span className="sr-only">Your account: </span>
            {displayName}
          </span>
        </Link>
        <LeaveButton leave={signOut}>
          <LogOut aria-hidden className="size-4" />
          Sign Out
        </LeaveButton>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <Button asChild variant="ghost" size="nav">
        <Link to="/login">Sign In</Link>
      </Button>
      <Button asChild size="nav">
        <Link to="/register">Sign Up</Link>
      </Button>
      <Button asChild variant="outline" size="nav">
        <Link to="/dev-login">Dev Login</Link>
      </Button>
    </div>
  );
}

/** Sign Out (or the developer's Logout): it shows it is working until the browser has left for the signed-out page. */
function LeaveButton({ leave, children }: { leave: () => Promise<unknown>; children: ReactNode }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="outline"
      size="nav"
      loading={leaving}
      onClick={() => {
        setLeaving(true);
        void leave();
      }}
    >
      {children}
    </Button>
  );
}
