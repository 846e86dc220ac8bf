import { useToasts } from '@client/components/ui/use-toast';
import { queryClient } from '@client/lib/query-client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

// The toast viewport (Radix Toast) is off the first load: it loads with the first toast, or with the first touch
// or key press, since the actions that end in a toast start with one. Loaded early, it can still report
// failures once the server has gone away (docs/product.md#messages).
const Toaster = lazy(() => import('@client/components/ui/toaster').then((m) => ({ default: m.Toaster })));
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

function ToasterOnDemand() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);

  useEffect(() => {
    if (needed) return;
    const load = () => setNeeded(true);
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, load, { capture: true });
    };
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
