import './lib/zod-jitless';
import type { AppConfig } from '@common/schemas/auth';
import { isAppReady, onAppReady } from './app/app-ready';
import { PRERENDER_CONFIG_ID } from './app/prerender-config-id';
import { preloadRouteChunk } from './app/route-chunks';
import { GA_META_NAME } from './lib/analytics';
import './styles.css';

// docs/product.md#messages, a failed lazy-loaded asset: after a deploy an old page can ask for chunks that no longer exist.
// Reload once to pick up the new build; a second failure is rethrown to the route's error screen. Not while the
// browser says it is offline: a reload would swap the app for the browser's own offline page, where the error
// screen keeps the app and its Reload button.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine) return;
  const key = 'preload-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const rootElement = document.getElementById('root')!;
const configText = document.getElementById(PRERENDER_CONFIG_ID)?.textContent;
const prerenderedWith = rootElement.hasChildNodes() && configText ? (JSON.parse(configText) as AppConfig) : null;

let started = false;
function startApp() {
  if (started) return;
  started = true;
  preloadRouteChunk(window.location.pathname);
  void import('./app/start').then(({ startApp }) => startApp(rootElement, prerenderedWith));
}

/** What the visitor does first on a pre-rendered page, any of which starts the app. */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'input', 'submit', 'click'] as const;
const INPUT_VALUE = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;

/**
 * A pre-rendered page (a visitor without a session, server/plugins/client.ts) is complete and its links work
 * without scripts, so the app takes it over at the visitor's first touch, key press or focus rather than on load,
 * when a phone is busiest (decision 010). Until the app is ready, a click on a button or a form's submission is
 * held and replayed once it is, and what was typed meanwhile is handed to the app's fields.
 */
function startOnFirstInput() {
  let held: HTMLElement | null = null;
  const onInput = (event: Event) => {
    if (isAppReady()) return;
    startApp();
    if (event.type !== 'click' && event.type !== 'submit') return;
    const target = event.target instanceof Element ? event.target : null;
    const control =
      event.type === 'submit'
        ? ((event as SubmitEvent).submitter ?? (target as HTMLFormElement | null))
        : target?.closest<HTMLElement>('button, input[type="submit"], [role="button"]');
    if (!control || !rootElement.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held = control;
  };
  for (const type of FIRST_INPUT_EVENTS) document.addEventListener(type, onInput, { capture: true });
  onAppReady(() => {
    for (const type of FIRST_INPUT_EVENTS) document.removeEventListener(type, onInput, { capture: true });
    handTypedValuesToApp();
    const control = held;
    held = null;
    if (!control) return;
    // The hand-over's input events update the fields' state, which React renders in a microtask: a click replayed
    // in this task would submit the form as it was drawn, its fields empty. A task later it reads what was filled.
    setTimeout(() => {
      if (!control.isConnected) return;
      if (control instanceof HTMLFormElement) control.requestSubmit();
      else control.click();
    });
  });
}

/**
 * Fields typed into (or filled by the browser) before the app took over show text the app's state lacks (React
 * keeps the text on hydration): set the field back to the app's value, then give it the text as an input event.
 */
function handTypedValuesToApp() {
  for (const field of rootElement.querySelectorAll('input')) {
    if (field.value === field.defaultValue || ['checkbox', 'radio', 'file'].includes(field.type)) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    INPUT_VALUE.set!.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

if (!prerenderedWith) startApp();
else {
  startOnFirstInput();
  // Analytics counts the page view on load (docs/product.md#analytics): with a measurement id the app starts at once.
  if (document.querySelector(`meta[name="${GA_META_NAME}"]`)) startApp();
}
