import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#limits-and-timings: success banners show for 5 s. */
export const SUCCESS_BANNER_MS = 5000;

/** A message that clears itself after `durationMs` (a success banner); showing another restarts the clock. */
export function useFlashMessage<T>(durationMs: number = SUCCESS_BANNER_MS): [T | null, (message: T | null) => void] {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next !== null) timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  return [message, show];
}
