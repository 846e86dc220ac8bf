import type { CreateTypes, Options } from 'canvas-confetti';

/** docs/product.md#rate-a-player: after a saved rating, about 3 s of confetti (loaded on demand; skipped for reduced motion). */
export const CONFETTI_MS = 3000;

let cannon: CreateTypes | undefined;

/**
 * canvas-confetti's default instance draws in a Worker made from a blob: URL, which our CSP (script-src 'self')
 * rightly refuses. Our own instance draws on the main thread, on a full-window canvas it adds and removes itself.
 */
async function getCannon(): Promise<CreateTypes> {
  if (cannon) return cannon;
  const { default: confetti } = await import('canvas-confetti');
  cannon = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  return cannon;
}

/** Particles live a number of frames (canvas-confetti "ticks"); at 60 fps 180 ticks are 3 s. */
const FRAMES_PER_MS = 60 / 1000;

export async function celebrate(durationMs: number = CONFETTI_MS): Promise<void> {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const fire = await getCannon();
  const colors = ['#0f766e', '#14b8a6', '#fbbf24', '#f59e0b', '#ffffff'];
  // A big burst living the whole duration, then side bursts for the first half, each living half of it.
  const half = durationMs / 2;
  const end = Date.now() + half;
  const side = (x: number, angle: number): Options => ({
    particleCount: 4,
    angle,
    spread: 60,
    origin: { x, y: 0.75 },
    colors,
    ticks: Math.round(half * FRAMES_PER_MS),
  });
  void fire({
    particleCount: 90,
    spread: 80,
    startVelocity: 45,
    origin: { y: 0.7 },
    colors,
    ticks: Math.round(durationMs * FRAMES_PER_MS),
  });
  const burst = () => {
    void fire(side(0, 60));
    void fire(side(1, 120));
    if (Date.now() < end) requestAnimationFrame(burst);
  };
  requestAnimationFrame(burst);
}
