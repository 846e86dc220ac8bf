import { Button } from '@client/components/ui/button';
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

const couldNotShow = () =>
  navigator.onLine
    ? 'This screen could not be shown. Reloading usually fixes it.'
    : 'This screen could not be shown: your device seems to be offline. Reload once you are connected again.';

/** Shown when a screen throws while rendering, or its code fails to load (docs/product.md#messages). */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Something went wrong</h1>
      <p className="mt-3 text-stone-600">{couldNotShow()}</p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}

/** The same, in a workspace tab's panel under the tab's own heading: the other tabs stay in reach. */
function TabError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <section role="alert" className="rounded-xl border border-stone-200 bg-white px-4 py-12 text-center">
      <h2 className="text-xl font-bold text-stone-900">Something went wrong</h2>
      <p className="mx-auto mt-3 max-w-md text-stone-600">
        {couldNotShow()} {navigator.onLine ? 'The other tabs still work.' : 'The tabs you opened before still work.'}
      </p>
      <Button size="lg" className="mt-6" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}

type BoundaryProps = { resetKey: string; fallback: (error: unknown) => ReactNode; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };

/** React catches render errors only in a class component; a new `resetKey` (page or tab) clears the error. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The route screens, with the error screen in their place when one fails. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** One workspace tab's screen, with the error in its panel when it fails: the tab list and the rest keep working. */
export function TabErrorBoundary({ tab, children }: { tab: string; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={tab} fallback={(error) => <TabError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
