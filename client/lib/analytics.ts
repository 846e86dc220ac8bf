/**
 * Google Analytics 4 (docs/product.md#analytics), only when the server put <meta name="app:ga-measurement-id"> in the page
 * (GA_MEASUREMENT_ID set). Without it every function here is a no-op and nothing is loaded from a third party.
 * Analytics failures are only logged (docs/product.md#analytics).
 */
import { redactSecretParams } from '@common/redact-secrets';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GA_META_NAME = 'app:ga-measurement-id';
/** docs/product.md#limits-and-timings: the event promise resolves after 50 ms, giving the beacon time before a navigation. */
export const EVENT_SETTLE_MS = 50;

let measurementId: string | null | undefined;

function readMeasurementId(): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector(`meta[name="${GA_META_NAME}"]`)?.getAttribute('content')?.trim();
  return content && /^[A-Za-z0-9-]+$/.test(content) ? content : null;
}

function gtag(...args: unknown[]): void {
  if (!measurementId || typeof window === 'undefined' || !window.gtag) return;
  try {
    window.gtag(...args);
  } catch (error) {
    console.warn('Analytics call failed', error);
  }
}

/** Loads gtag.js once when a measurement id is present. Returns whether analytics is active. */
export function initAnalytics(): boolean {
  if (measurementId !== undefined) return measurementId !== null;
  measurementId = readMeasurementId();
  if (!measurementId) return false;
  try {
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads the Arguments objects it is handed, not arrays.
    window.gtag = function gtagShim() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    // Page views are sent by the router on each path change (docs/product.md#analytics), not by the tag itself. gtag.js would
    // otherwise send the address bar as page_location with every hit, reset and confirmation tokens included.
    window.gtag('config', measurementId, { send_page_view: false, page_location: currentLocation() });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
    script.onerror = () => console.warn('Analytics script failed to load');
    document.head.appendChild(script);
  } catch (error) {
    console.warn('Analytics setup failed', error);
  }
  return true;
}

/** The address bar without secrets (reset and confirmation tokens, codes), as analytics may see it. */
const currentLocation = () => redactSecretParams(window.location.href);

export function trackPageView(path: string): void {
  if (!initAnalytics()) return;
  const pageLocation = currentLocation();
  // Every later hit on this page (events too) reports this location, not the raw address bar.
  gtag('set', { page_location: pageLocation });
  gtag('event', 'page_view', {
    page_path: redactSecretParams(path),
    page_location: pageLocation,
    page_title: document.title,
  });
}

export type AnalyticsEvent = { action: string; category?: string; label?: string; value?: number };

/** Sends an event with category, label and value; resolves after 50 ms and never rejects (docs/product.md#limits-and-timings). */
export function trackEvent(event: AnalyticsEvent): Promise<void> {
  if (initAnalytics()) {
    gtag('event', event.action, {
      event_category: event.category,
      event_label: event.label,
      value: event.value,
    });
  }
  return new Promise((resolve) => setTimeout(resolve, EVENT_SETTLE_MS));
}

/** docs/product.md#accounts-and-sign-in: on authentication the user id is sent as a login event. */
export function trackLogin(userId: string): void {
  if (!initAnalytics()) return;
  gtag('set', { user_id: userId });
  void trackEvent({ action: 'login', category: 'auth', label: userId });
}

/** docs/product.md#accounts-and-sign-in: when neither session exists the id is cleared and a logout event is sent. */
export function trackLogout(): Promise<void> {
  if (!initAnalytics()) return Promise.resolve();
  gtag('set', { user_id: null });
  return trackEvent({ action: 'logout', category: 'auth' });
}

/** Tests only: forget the cached measurement id. */
export function resetAnalyticsForTests(): void {
  measurementId = undefined;
}
