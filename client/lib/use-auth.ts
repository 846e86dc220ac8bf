import { initialsOf } from '@common/initials';
import type { AppConfig, CurrentUser, DeveloperUser, LinkedPlayer } from '@common/schemas/auth';
import { SESSION_HINT_COOKIE, SESSION_HINTS, type SessionHint } from '@common/session-hint';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { clearAdminSession, getAdminSession, subscribeAdminSession, type AdminSession } from './admin-session';
import { trackLogout } from './analytics';
import { apiGet, apiRequest, hasErrorCode } from './api-client';
import { USER_LOOKUP_STALE_TIME } from './query-client';
import { queryKeys } from './query-keys';

/** docs/product.md#refreshing-after-changes: fresh for 5 minutes, no retry, not refetched on focus or reconnect, refetched on mount; 401 → null. */
const userLookup = { staleTime: USER_LOOKUP_STALE_TIME, refetchOnMount: true, refetchOnReconnect: false } as const;

/** The kind of session this browser holds, as the server last said (common/session-hint.ts); null without one. */
function sessionHint(): string | null {
  const value = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return value === undefined ? null : decodeURIComponent(value);
}

/**
 * Asks `lookUp` unless the session hint says it would answer 401: with no session held, or one of the other kind
 * (a user session has no developer, a developer session no user). Then null, as that 401 gives.
 */
function ifSessionMayBe<T>(kind: SessionHint, lookUp: () => Promise<T | null>): Promise<T | null> {
  const hint = sessionHint();
  const otherKind = SESSION_HINTS.some((known) => known === hint) && hint !== kind;
  return hint === null || otherKind ? Promise.resolve(null) : lookUp();
}

export const currentUserQuery = queryOptions({
  queryKey: queryKeys.auth.user,
  queryFn: ({ signal }) =>
    ifSessionMayBe('user', () => apiGet<CurrentUser>('/api/auth/user', { on401: 'returnNull', signal })),
  ...userLookup,
});

export const developerQuery = queryOptions({
  queryKey: queryKeys.auth.developer,
  queryFn: ({ signal }) =>
    ifSessionMayBe('developer', () => apiGet<DeveloperUser>('/api/dev-auth/user', { on401: 'returnNull', signal })),
  ...userLookup,
});

/** docs/product.md#sign-in-calls: the answer is either {player} or the player itself. docs/product.md#sign-in-calls, docs/product.md#messages: any failure means "no linked player", only logged. */
async function fetchLinkedPlayer(signal: AbortSignal): Promise<LinkedPlayer | null> {
  try {
    const body = await apiGet<{ player?: LinkedPlayer } | LinkedPlayer>('/api/auth/user/player', { signal });
    if (!body) return null;
    return 'player' in body && body.player ? body.player : (body as LinkedPlayer);
  } catch (error) {
    if (!hasErrorCode(error, 'no_linked_player')) console.warn('Linked player lookup failed', error);
    return null;
  }
}

/** Keyed by who is signed in, so a new session fetches its own linked player (docs/product.md#sign-in-calls). */
export const linkedPlayerQuery = (sessionKey: string) =>
  queryOptions({
    queryKey: [...queryKeys.auth.linkedPlayer, sessionKey] as const,
    queryFn: ({ signal }) => fetchLinkedPlayer(signal),
    ...userLookup,
  });

/** GET /api/config: demo mode, whether Google sign-in is configured, the demo admin (DEMO_MODE only). */
export const appConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => apiGet<AppConfig>('/api/config', { signal }),
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribeAdminSession, getAdminSession, () => null);
}

export type DeveloperUserType = 'admin' | 'regular' | 'none';

export type AuthState = {
  /** True while either user lookup is pending (docs/product.md#pages): show the loading screen. */
  isLoading: boolean;
  /** A user session or a developer session exists. */
  isAuthenticated: boolean;
  user: CurrentUser | null;
  developer: DeveloperUser | null;
  /** docs/product.md#roles: a developer with a userType has that type; without one, regular; no developer, none. */
  userType: DeveloperUserType;
  /** The caller's linked player, or null (also while loading and when signed out). */
  linkedPlayer: LinkedPlayer | null;
  linkedPlayerLoading: boolean;
  adminSession: AdminSession | null;
  /** docs/product.md#roles: user.isAdmin, a developer of type admin, or a stored admin token and e-mail. Gates the admin tabs. */
  isAdmin: boolean;
  /** docs/product.md#workspace-tabs: bulk, players, users, email-signups, flagged need an admin token or a developer session. */
  hasAdminTokenAccess: boolean;
  /** docs/product.md#workspace-tabs: match-requests needs an isAdmin user or a developer (an admin token is accepted by the server too). */
  canReviewMatchRequests: boolean;
  /** Display name for the nav bar. */
  displayName: string;
  initials: string;
};

function nameOf(user: CurrentUser | null, developer: DeveloperUser | null): string {
  if (user) {
    const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
    return full || user.email;
  }
  return developer ? developer.userId : '';
}

export function useAuth(): AuthState {
  const userResult = useQuery(currentUserQuery);
  const developerResult = useQuery(developerQuery);
  const adminSession = useAdminSession();

  const user = userResult.data ?? null;
  const developer = developerResult.data ?? null;
  const isLoading = userResult.isPending || developerResult.isPending;
  const isAuthenticated = Boolean(user || developer);
  const sessionKey = developer ? `developer:${developer.userId}` : user ? `user:${user.id}` : 'none';

  const linkedResult = useQuery({ ...linkedPlayerQuery(sessionKey), enabled: isAuthenticated });
  const linkedPlayer = isAuthenticated ? (linkedResult.data ?? null) : null;

  const userType: DeveloperUserType = developer ? (developer.userType === 'admin' ? 'admin' : 'regular') : 'none';
  const hasToken = adminSession !== null;
  const displayName = nameOf(user, developer);

  return {
    isLoading,
    isAuthenticated,
    user,
    developer,
    userType,
    linkedPlayer,
    linkedPlayerLoading: isAuthenticated && linkedResult.isPending,
    adminSession,
    isAdmin: Boolean(user?.isAdmin) || userType === 'admin' || hasToken,
    hasAdminTokenAccess: hasToken || developer !== null,
    canReviewMatchRequests: Boolean(user?.isAdmin) || developer !== null || hasToken,
    displayName,
    initials: displayName ? initialsOf(displayName) : '',
  };
}

/** Refetches both user lookups and the linked player, e.g. after any sign-in (docs/product.md#sign-in-calls POST /api/dev-login). */
export function useRefreshAuth() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.developer }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.linkedPlayer }),
      ]),
    [queryClient],
  );
}

/** Sign Out (docs/product.md#top-navigation): the admin session goes too, then a full navigation to /api/logout, which redirects to /. */
export async function signOut(): Promise<void> {
  clearAdminSession();
  await trackLogout();
  window.location.assign('/api/logout');
}

/** docs/product.md#sign-in-calls POST /api/dev-logout: errors are only logged; then the browser goes to /coming-soon. */
export async function developerLogout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/dev-logout');
  } catch (error) {
    console.warn('Developer logout failed', error);
  }
  clearAdminSession();
  await trackLogout();
  window.location.assign('/coming-soon');
}
