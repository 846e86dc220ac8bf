import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The home tab ids of docs/product.md#workspace-tabs, in display order. */
export const HOME_TAB_IDS = [
  'register',
  'bulk',
  'players',
  'users',
  'email-signups',
  'match-requests',
  'rate',
  'my-ratings',
  'ratings-about-me',
  'leaderboard',
  'flagged',
  'trust',
  'reports',
  'appeals',
  'verify',
  'dashboard',
  'about',
] as const;

export type HomeTabId = (typeof HOME_TAB_IDS)[number];

export const isHomeTabId = (value: string | null): value is HomeTabId =>
  value !== null && (HOME_TAB_IDS as readonly string[]).includes(value);

/**
 * The chosen home tab lives in the URL (?tab=…), so reload and the back button keep it.
 * Any screen can switch tabs with `openTab('rate')`.
 */
export function useHomeTab(): { tab: HomeTabId | null; openTab: (tab: HomeTabId) => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const value = params.get('tab');
  const openTab = useCallback(
    (tab: HomeTabId) => {
      if (tab === 'verify') {
        void navigate('/verify');
        return;
      }
      void navigate({ pathname: '/', search: `?tab=${tab}` });
    },
    [navigate],
  );
  return { tab: isHomeTabId(value) ? value : null, openTab };
}
