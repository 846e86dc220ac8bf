import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** Tooltips (docs/product.md#limits-and-timings): open delay 700 ms, skip delay 300 ms. Mounted once in the app providers. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </TooltipPrimitive.Provider>
  );
}
