import { LoadingBlock } from '@client/components/ui/loading-block';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { cn } from '@client/lib/cn';
import { MATCH_REQUEST_BADGE_POLL_MS, matchRequestsQuery } from '@client/lib/match-requests-query';
import { useAuth } from '@client/lib/use-auth';
import { useHomeTab, type HomeTabId } from '@client/lib/use-home-tab';
import { useMediaQuery } from '@client/lib/use-media-query';
import { usePageMeta } from '@client/lib/use-page-meta';
import { PAGE_META, SITE_NAME } from '@common/seo';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { AdminGate } from './admin-gate';
import { TabErrorBoundary } from './route-error';
import { HOME_TABS } from './tabs';

const ConfirmEmailBanner = lazy(() => import('@client/features/auth/components/confirm-email-banner'));

const triggerClasses = cn(
  'group inline-flex h-11 shrink-0 lg:h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-stone-600 transition-colors',
  'hover:bg-white hover:text-stone-900 lg:w-full',
  'data-[state=active]:bg-white data-[state=active]:text-teal-800 data-[state=active]:shadow-sm data-[state=active]:ring-1 data-[state=active]:ring-stone-200',
  'outline-none focus-visible:ring-2 focus-visible:ring-teal-600',
);

/**
 * docs/product.md#workspace-tabs for a signed-in person: the tabs in order, admin tabs only for admins, the chosen tab in ?tab=
 * (reload and back keep it). A sidebar on wide screens, a scrolling strip on phones. Manual activation, so
 * arrowing across the tabs neither loads every screen nor leaves for /verify.
 */
export default function TabShell() {
  const auth = useAuth();
  const { tab, openTab } = useHomeTab();
  const wide = useMediaQuery('(min-width: 1024px)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // docs/product.md#workspace-tabs: admin tabs are listed for admins only, but an admin tab opened by its address (?tab=bulk) is shown to
  // anyone signed in, so its gate can offer the admin login form; after that login every admin tab is listed.
  const visible = HOME_TABS.filter((t) => t.access === 'user' || auth.isAdmin || (t.id === tab && !t.href));
  const active = visible.find((t) => t.id === tab && !t.href) ?? visible[0];

  usePageMeta({ ...PAGE_META['/'], title: `${active.label} – ${SITE_NAME}` });

  const pending = useQuery({
    ...matchRequestsQuery('pending'),
    enabled: auth.isAdmin,
    refetchInterval: auth.isAdmin ? MATCH_REQUEST_BADGE_POLL_MS : false,
  });
  const pendingCount = auth.isAdmin ? (pending.data?.requests.length ?? 0) : 0;
  const greeting = auth.user?.firstName ?? auth.developer?.userId ?? null;

  // On phones the tab strip scrolls sideways: keep the chosen tab in view.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wide) return;
    listRef.current
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: reducedMotion ? 'instant' : 'smooth' });
  }, [active.id, wide, reducedMotion]);

  return (
    <TooltipProvider>
      <div className="mx-auto w-full max-w-6xl px-3 pt-5 empty:hidden sm:px-6 sm:pt-8">
        {auth.user && !auth.user.emailConfirmed && (
          <Suspense fallback={null}>
            <ConfirmEmailBanner />
          </Suspense>
        )}
      </div>
      <TabsPrimitive.Root
        value={active.id}
        onValueChange={(value) => openTab(value as HomeTabId)}
        activationMode="manual"
        orientation={wide ? 'vertical' : 'horizontal'}
        className="mx-auto grid w-full max-w-6xl gap-5 px-3 py-5 sm:px-6 sm:py-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8"
      >
        <div className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <p className="hidden px-3 pb-3 text-sm wrap-anywhere text-stone-600 lg:block">
            {greeting ? (
              <>
                Hi, <span className="font-semibold text-stone-900">{greeting}</span>
              </>
            ) : (
              'Welcome back'
            )}
          </p>
          <div className="relative -mx-3 after:pointer-events-none after:absolute after:inset-y-0 after:right-0 after:w-10 after:bg-gradient-to-l after:from-stone-50 lg:mx-0 lg:after:hidden">
            <div
              ref={listRef}
              className="relative overflow-x-auto px-3 pr-10 [scrollbar-width:none] lg:overflow-visible lg:px-0"
            >
              <TabsPrimitive.List
                aria-label="Home sections"
                className="flex w-max gap-1 rounded-xl bg-stone-100 p-1 lg:w-full lg:flex-col lg:bg-transparent lg:p-0"
              >
                {visible.map(({ id, label, icon: Icon, access, href }) => (
                  <TabsPrimitive.Trigger key={id} value={id} className={triggerClasses}>
                    <Icon
                      aria-hidden
                      className={cn(
                        'size-4 shrink-0',
                        access === 'admin'
                          ? 'text-amber-600'
                          : 'text-stone-400 group-data-[state=active]:text-teal-700',
                      )}
                    />
                    <span className="lg:flex-1 lg:text-left">{label}</span>
                    {id === 'match-requests' && pendingCount > 0 && (
                      <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs leading-none font-bold text-white">
                        {pendingCount}
                        <span className="sr-only"> pending</span>
                      </span>
                    )}
                    {href && <ExternalLink aria-hidden className="size-3.5 text-stone-400" />}
                  </TabsPrimitive.Trigger>
                ))}
              </TabsPrimitive.List>
            </div>
          </div>
        </div>
        {/* Every tab has its panel (for aria-controls); Radix mounts only the active one's content. */}
        {visible.map(({ id, label, component: Screen, adminRight }) => (
          <TabsPrimitive.Content
            key={id}
            value={id}
            className="min-w-0 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 lg:col-start-2 lg:row-start-1"
          >
            {Screen && (
              <>
                <h1 className="mb-5 text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{label}</h1>
                <TabErrorBoundary tab={id}>
                  <Suspense fallback={<LoadingBlock />}>
                    {adminRight ? (
                      <AdminGate right={adminRight}>
                        <Screen />
                      </AdminGate>
                    ) : (
                      <Screen />
                    )}
                  </Suspense>
                </TabErrorBoundary>
              </>
            )}
          </TabsPrimitive.Content>
        ))}
      </TabsPrimitive.Root>
    </TooltipProvider>
  );
}
