import { clearAdminSession } from '@client/lib/admin-session';
import { trackLogin, trackLogout, trackPageView } from '@client/lib/analytics';
import { useAuth } from '@client/lib/use-auth';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Side effects of the auth state and navigation, mounted once (docs/product.md#analytics):
 * a page_view on every path change; a login event with the id when a session appears, a logout event when
 * it goes; the stored admin session cleared when there is no session at all (admin tabs need one).
 */
export function AuthEffects() {
  const { isLoading, isAuthenticated, user, developer } = useAuth();
  const { pathname } = useLocation();
  const lastId = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  const sessionId = developer ? `developer:${developer.userId}` : (user?.id ?? null);
  useEffect(() => {
    if (isLoading) return;
    const previous = lastId.current;
    lastId.current = sessionId;
    if (sessionId && sessionId !== previous) trackLogin(sessionId);
    if (!sessionId && previous) void trackLogout();
    if (!isAuthenticated) clearAdminSession();
  }, [isLoading, isAuthenticated, sessionId]);

  return null;
}
