import { Button } from '@client/components/ui/button';
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Shown when a screen throws while rendering, or its code fails to load (docs/product.md#messages). */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Something went wrong</h1>
      <p className="mt-3 text-stone-600">
        {navigator.onLine
          ? 'This screen could not be shown. Reloading usually fixes it.'
          : 'This screen could not be shown: your device seems to be offline. Reload once you are connected again.'}
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { error: unknown; pathname: string };

/** React catches render errors only in a class component; a new page clears the error. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The route screens, with the error screen in their place when one fails. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary pathname={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
