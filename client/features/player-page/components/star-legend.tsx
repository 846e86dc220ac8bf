import { StarScale } from '@client/components/star-scale';
import { Card } from '@client/components/ui/card';
import { ChevronDown, Star } from 'lucide-react';

/** What each star means per category, folded away until asked for (a native disclosure: no script needed). */
export function StarLegend() {
  return (
    <Card>
      <details className="group">
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-3 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 sm:px-6 [&::-webkit-details-marker]:hidden">
          <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight text-stone-900">
            <Star aria-hidden className="size-5 fill-amber-400 text-amber-500" />
            What the stars mean
          </h2>
          <ChevronDown
            aria-hidden
            className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="border-t border-stone-100 px-5 py-5 sm:px-6">
          <p className="mb-4 text-sm text-stone-600">
            The scale raters read as they pick stars, from just starting out to advanced.
          </p>
          <StarScale idPrefix="legend-stars" className="lg:grid-cols-3" />
        </div>
      </details>
    </Card>
  );
}
