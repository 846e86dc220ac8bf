import { StarIcon } from '@client/components/ui/star-display';
import { cn } from '@client/lib/cn';
import { RATING_CATEGORIES } from '@common/constants';
import { STAR_DESCRIPTIONS } from '@common/star-descriptions';

/**
 * What each star means, one short list per category: the scale raters see as they pick stars. Shared by the
 * About page and the legend of a player's page. `idPrefix` keeps the headings' ids apart on one page.
 */
export function StarScale({ idPrefix = 'stars', className }: { idPrefix?: string; className?: string }) {
  return (
    <div className={cn('grid gap-x-8 gap-y-5 sm:grid-cols-2', className)}>
      {RATING_CATEGORIES.map(({ key, label }) => (
        <section key={key} aria-labelledby={`${idPrefix}-${key}`}>
          <h3 id={`${idPrefix}-${key}`} className="mb-2 text-base font-bold text-stone-900">
            {label}
          </h3>
          <ol className="grid gap-1.5 text-sm">
            {STAR_DESCRIPTIONS[key].map((text, index) => (
              <li key={text} className="flex gap-2">
                <span className="inline-flex h-5 w-9 shrink-0 items-center gap-0.5 font-semibold text-amber-800 tabular-nums">
                  {index + 1}
                  <StarIcon className="size-3.5 fill-amber-400 text-amber-500" />
                  <span className="sr-only">{index === 0 ? ' star:' : ' stars:'}</span>
                </span>
                <span className="text-stone-700">{text}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
