/** §4/§9: after a saved rating, about 3 s of confetti (loaded on demand; skipped for reduced motion). */
export const CONFETTI_MS = 3000;

export async function celebrate(durationMs: number = CONFETTI_MS): Promise<void> {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  const end = Date.now() + durationMs;
  const colors = ['#0f766e', '#14b8a6', '#fbbf24', '#f59e0b', '#ffffff'];
  void confetti({
    particleCount: 90,
    spread: 80,
    startVelocity: 45,
    origin: { y: 0.7 },
    colors,
    disableForReducedMotion: true,
  });
  const burst = () => {
    void confetti({
      particleCount: 4,
      angle: 60,
      spread: 60,
      origin: { x: 0, y: 0.75 },
      colors,
      disableForReducedMotion: true,
    });
    void confetti({
      particleCount: 4,
      angle: 120,
      spread: 60,
      origin: { x: 1, y: 0.75 },
      colors,
      disableForReducedMotion: true,
    });
    if (Date.now() < end) requestAnimationFrame(burst);
  };
  requestAnimationFrame(burst);
}
