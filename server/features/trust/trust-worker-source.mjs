// The trust worker thread's entry when the server runs from source (tsx, Vitest): a worker thread does not inherit
// the parent's TypeScript loader, so it registers tsx's in its own thread, then loads the real entry.
import { register } from 'tsx/esm/api';

register();
await import('./trust-worker.ts');
