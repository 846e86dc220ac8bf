import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { MATCH_REQUEST_BADGE_POLL_MS, matchRequestsQuery } from '@client/lib/match-requests-query';
import { useAuth } from '@client/lib/use-auth';
import { useHomeTab, type HomeTabId } from '@client/lib/use-home-tab';
import { usePageMeta } from '@client/lib/use-page-meta';
import { PAGE_META, SITE_NAME } from '@common/seo';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { AdminGate } from './admin-gate';
import { HOME_TABS } from './tabs';

/** §2 Home tabs for a signed-in person: the tabs in order, admin tabs only for admins, the tab in ?tab=. */
export default function TabShell() {
  const auth = useAuth();
  const { tab, openTab } = useHomeTab();
  const visible = HOME_TABS.filter((t) => t.access === 'user' || auth.isAdmin);
  const active = visible.find((t) => t.id === tab && !t.href) ?? visible[0];

  usePageMeta({ ...PAGE_META['/'], title: `${active.label} – ${SITE_NAME}` });

  const pending = useQuery({
    ...matchRequestsQuery('pending'),
    enabled: auth.isAdmin,
    refetchInterval: auth.isAdmin ? MATCH_REQUEST_BADGE_POLL_MS : false,
  });
  const pendingCount = auth.isAdmin ? (pending.data?.requests.length ?? 0) : 0;

  const greeting = auth.user?.firstName ?? auth.developer?.userId ?? null;

  return (
    <TooltipProvider>
      <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6 sm:py-8">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">
              {greeting ? `Welcome back, ${greeting}` : 'Welcome back'}
            </h1>
            <p className="mt-1 text-sm text-stone-600">
              Rate players, track your progress and see how the community plays.
            </p>
          </div>
        </div>
        <Tabs value={active.id} onValueChange={(value) => openTab(value as HomeTabId)} activationMode="manual">
          <div className="-mx-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:overflow-visible sm:px-0">
            <TabsList aria-label="Home sections" className="w-max flex-nowrap sm:w-auto sm:flex-wrap">
              {visible.map(({ id, label, icon: Icon, access }) => (
                <TabsTrigger key={id} value={id} className={cn(access === 'admin' && 'text-amber-900')}>
                  <Icon aria-hidden className={cn('size-4', access === 'admin' ? 'text-amber-600' : 'opacity-70')} />
                  {label}
                  {id === 'match-requests' && pendingCount > 0 && (
                    <Badge tone="solidDanger" className="ml-0.5 px-1.5" aria-label={`${pendingCount} pending`}>
                      {pendingCount}
                    </Badge>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {/* Every tab has its panel (for aria-controls); Radix mounts only the active one's content. */}
          {visible.map(({ id, component: Screen, adminRight }) => (
            <TabsContent key={id} value={id} className="mt-5 sm:mt-6">
              {Screen && (
                <Suspense fallback={<LoadingBlock />}>
                  {adminRight ? (
                    <AdminGate right={adminRight}>
                      <Screen />
                    </AdminGate>
                  ) : (
                    <Screen />
                  )}
                </Suspense>
              )}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </TooltipProvider>
  );
}
