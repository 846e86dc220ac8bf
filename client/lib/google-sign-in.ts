import { trackEvent } from './analytics';

/** §9: the login-attempt event gets 200 ms before the browser leaves for the sign-in endpoint. */
export const LOGIN_ATTEMPT_DELAY_MS = 200;

/** §7: log a login or registration-attempt event, then navigate to /api/login?provider=google. */
export async function startGoogleSignIn(kind: 'login' | 'register'): Promise<void> {
  void trackEvent({
    action: kind === 'login' ? 'login_attempt' : 'registration_attempt',
    category: 'auth',
    label: 'google',
  });
  await new Promise((resolve) => setTimeout(resolve, LOGIN_ATTEMPT_DELAY_MS));
  window.location.assign('/api/login?provider=google');
}
