import { queryClient } from '@client/lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';

// The toast viewport loads right after the first paint, keeping Radix Toast off the landing page's critical path.
const Toaster = lazy(() => import('@client/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
