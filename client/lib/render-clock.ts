import { useSyncExternalStore } from 'react';

/*
 * A pre-rendered page shows relative times ("2 weeks ago") from the time the server drew it; the client must
 * draw the same text while it takes the page over (hydration), or React throws the page away and logs an error.
 * The server sets that time before rendering (client/prerender.tsx), the client from the page's data script
 * (app/prerender-data.ts); after hydration React reads the browser's clock and draws again.
 */
let renderedAt: number | null = null;

export function setRenderedAt(time: number | null): void {
  renderedAt = time;
}

const noSubscription = () => () => undefined;
// Whole minutes: a snapshot must stay the same between React's reads, and no relative time is finer.
const thisMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

/**
 * "Now" for relative times: the pre-rendered page's time while hydrating it, else the browser's clock. Where they
 * differ, the component draws again after hydration: use it in small components (an update of a parent of a part
 * still being hydrated makes React draw that part anew, and a held click is lost with its button).
 */
export function useNow(): Date {
  const now = useSyncExternalStore(noSubscription, thisMinute, () =>
    renderedAt === null ? thisMinute() : Math.floor(renderedAt / 60_000) * 60_000,
  );
  return new Date(now);
}

/** False while the page is drawn on the server or hydrated: text that depends on the browser (its time zone). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
