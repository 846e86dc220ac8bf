import { useHomeTab } from '@client/lib/use-home-tab';
import { lazy, Suspense } from 'react';

// Loaded only for a deep link: the tab list and its icons stay out of the landing page's first load.
const DeepLinkNotice = lazy(() => import('./deep-link-notice'));

/**
 * A shared link to a home tab (/?tab=leaderboard) opened signed out: the landing page says why the tab is
 * not shown and signs the visitor in straight back to it.
 */
export function SignedOutDeepLink() {
  const { tab } = useHomeTab();
  if (!tab) return null;
  return (
    <Suspense fallback={null}>
      <DeepLinkNotice tab={tab} />
    </Suspense>
  );
}
