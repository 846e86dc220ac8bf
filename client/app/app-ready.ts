/**
 * "The app has taken the page over": set once the pre-rendered page, the route's own chunk included, is hydrated
 * (root-layout.tsx), read by the entry (main.tsx), which holds the visitor's early clicks until then. A module
 * of its own, so the entry reads it without loading the app.
 */
let ready = false;
const waiting: (() => void)[] = [];

export function signalAppReady(): void {
  if (ready) return;
  ready = true;
  for (const callback of waiting.splice(0)) callback();
}

export function onAppReady(callback: () => void): void {
  if (ready) callback();
  else waiting.push(callback);
}

export const isAppReady = () => ready;
