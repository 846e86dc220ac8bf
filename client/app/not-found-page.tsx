import { Button } from '@client/components/ui/button';
import { usePageMeta } from '@client/lib/use-page-meta';
import { NOT_FOUND_META } from '@common/seo';
import { Link } from 'react-router';

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_META);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <p aria-hidden className="font-display text-7xl font-black text-teal-700">
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold text-stone-900 sm:text-3xl">Page not found</h1>
      <p className="mt-3 text-stone-600">
        That ball landed out of bounds. The page you were looking for doesn’t exist or has moved.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Back to home</Link>
      </Button>
    </section>
  );
}
