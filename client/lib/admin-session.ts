/**
 * The admin session of docs/product.md#admin-login: kept in localStorage as adminToken and adminEmail.
 * Components read it through useAdminSession() (use-auth.ts); this module is the only writer.
 */
const TOKEN_KEY = 'adminToken';
const EMAIL_KEY = 'adminEmail';
const CHANGE_EVENT = 'admin-session-change';

export type AdminSession = { token: string; email: string };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode); the admin form then simply has to be used again.
    return null;
  }
}

let cached: AdminSession | null = null;
let cachedKey = '';

/** The stored admin session, or null unless both the token and the e-mail are present. Stable between changes. */
export function getAdminSession(): AdminSession | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) ?? '';
  const email = store?.getItem(EMAIL_KEY) ?? '';
  const key = `${token}\n${email}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cached = token && email ? { token, email } : null;
  }
  return cached;
}

export function setAdminSession(session: AdminSession): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, session.token);
  store?.setItem(EMAIL_KEY, session.email);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAdminSession(): void {
  const store = storage();
  if (!store?.getItem(TOKEN_KEY) && !store?.getItem(EMAIL_KEY)) return;
  store.removeItem(TOKEN_KEY);
  store.removeItem(EMAIL_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** For useSyncExternalStore: changes in this tab and in other tabs. */
export function subscribeAdminSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === EMAIL_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The docs/product.md#roles admin headers, when an admin session is stored. */
export function adminHeaders(): Record<string, string> {
  const session = getAdminSession();
  return session ? { 'x-admin-email': session.email, 'x-admin-token': session.token } : {};
}
