import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SETTLE_MS, resetAnalyticsForTests, trackEvent, trackLogin, trackPageView } from './analytics';

type FakeDoc = {
  querySelector: (s: string) => { getAttribute: () => string } | null;
  createElement: ReturnType<typeof vi.fn>;
  head: { appendChild: ReturnType<typeof vi.fn> };
  title: string;
};

function fakeDocument(measurementId: string | null): FakeDoc {
  return {
    querySelector: (selector: string) =>
      measurementId && selector === 'meta[name="app:ga-measurement-id"]' ? { getAttribute: () => measurementId } : null,
    createElement: vi.fn(() => ({})),
    head: { appendChild: vi.fn() },
    title: 'Page',
  };
}

describe('analytics (docs/product.md#analytics)', () => {
  beforeEach(() => resetAnalyticsForTests());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('does nothing and loads nothing without a measurement id', async () => {
    const doc = fakeDocument(null);
    const win: { dataLayer?: unknown[]; gtag?: unknown; location: { href: string } } = {
      location: { href: 'http://x/' },
    };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
    trackPageView('/');
    trackLogin('user-1');
    await trackEvent({ action: 'login_attempt' });
    expect(doc.createElement).not.toHaveBeenCalled();
    expect(doc.head.appendChild).not.toHaveBeenCalled();
    expect(win.dataLayer).toBeUndefined();
    expect(win.gtag).toBeUndefined();
  });

  it('is a no-op outside a browser', async () => {
    await expect(trackEvent({ action: 'x' })).resolves.toBeUndefined();
    expect(() => trackPageView('/')).not.toThrow();
  });

  it('with an id, loads gtag.js once and sends page views and events', () => {
    const doc = fakeDocument('G-TEST123');
    const win: { dataLayer?: IArguments[]; gtag?: unknown; location: { href: string } } = {
      location: { href: 'http://x/a' },
    };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
    trackPageView('/a');
    trackPageView('/b');
    expect(doc.createElement).toHaveBeenCalledTimes(1);
    const script = doc.head.appendChild.mock.calls[0][0] as { src: string };
    expect(script.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    const calls: unknown[][] = win.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'G-TEST123', { send_page_view: false, page_location: 'http://x/a' }]);
    expect(
      calls
        .filter((c) => c[0] === 'event' && c[1] === 'page_view')
        .map((c) => (c[2] as { page_path: string }).page_path),
    ).toEqual(['/a', '/b']);
  });

  it('never hands analytics a reset or confirmation token, or a code, from the address bar', async () => {
    const doc = fakeDocument('G-TEST123');
    const secretUrl = 'https://ratings.example/reset-password?token=s3cr3t-token-value';
    const win: { dataLayer?: IArguments[]; gtag?: unknown; location: { href: string } } = {
      location: { href: secretUrl },
    };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
    trackPageView('/reset-password?token=s3cr3t-token-value');
    await trackEvent({ action: 'password_reset' });
    win.location.href = 'https://ratings.example/verify?verificationCode=123456&code=abc';
    trackPageView('/verify');
    const sent = JSON.stringify(win.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>)));
    expect(sent).not.toContain('s3cr3t-token-value');
    expect(sent).not.toContain('123456');
    expect(sent).toContain('https://ratings.example/reset-password?token=redacted');
    const calls: unknown[][] = win.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>));
    // Later hits on the page report the cleaned location too (gtag.js reads it from `set`).
    expect(calls).toContainEqual(['set', { page_location: 'https://ratings.example/reset-password?token=redacted' }]);
  });

  it('resolves the event promise after 50 ms (docs/product.md#limits-and-timings)', async () => {
    vi.useFakeTimers();
    let done = false;
    void trackEvent({ action: 'x' }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(EVENT_SETTLE_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
