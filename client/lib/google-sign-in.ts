import { trackEvent } from './analytics';

/** docs/product.md#limits-and-timings: the login-attempt event gets 200 ms before the browser leaves for the sign-in endpoint. */
export const LOGIN_ATTEMPT_DELAY_MS = 200;

/** The sign-in endpoint; `returnTo` (a path of this site, checked again by the server) is where the user lands after. */
export function googleSignInUrl(returnTo?: string): string {
  const params = new URLSearchParams({ provider: 'google' });
  if (returnTo && returnTo !== '/') params.set('returnTo', returnTo);
  return `/api/login?${params}`;
}

/** docs/product.md#analytics: log a login or registration-attempt event, then navigate to /api/login?provider=google. */
export async function startGoogleSignIn(kind: 'login' | 'register', returnTo?: string): Promise<void> {
  void trackEvent({
    action: kind === 'login' ? 'login_attempt' : 'registration_attempt',
    category: 'auth',
    label: 'google',
  });
  await new Promise((resolve) => setTimeout(resolve, LOGIN_ATTEMPT_DELAY_MS));
  window.location.assign(googleSignInUrl(returnTo));
}
