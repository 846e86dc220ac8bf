import { Button } from '@client/components/ui/button';
import { useRouteError } from 'react-router';

/** Shown when a screen throws while rendering, or its code fails to load (§8 lazy asset). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Something went wrong</h1>
      <p className="mt-3 text-stone-600">This screen could not be shown. Reloading usually fixes it.</p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}
