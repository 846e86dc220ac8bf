import { Card } from '@client/components/ui/card';
import { CommentsSkeleton } from './player-comments';

const block = 'animate-pulse rounded bg-stone-100';
const onDark = 'animate-pulse rounded bg-white/15';

/** The page's layout in grey while it loads, block for block, so nothing jumps when the numbers arrive. */
export function PlayerPageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-1 flex-col">
      <span className="sr-only">Loading player…</span>
      <div aria-hidden className="bg-gradient-to-br from-teal-950 via-teal-800 to-teal-700">
        <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-center lg:gap-10">
          <div className="grid gap-5">
            <div className="flex items-start gap-4">
              <span className={`${onDark} size-16 shrink-0 rounded-2xl sm:size-20`} />
              <div className="grid flex-1 gap-2.5 pt-1">
                <span className={`${onDark} h-8 w-56 max-w-full sm:h-10`} />
                <span className={`${onDark} h-4 w-28`} />
                <span className={`${onDark} h-5 w-40 rounded-full`} />
              </div>
            </div>
            <div className="flex flex-col gap-2.5 sm:flex-row">
              <span className={`${onDark} h-12 rounded-xl sm:w-48`} />
              <span className={`${onDark} h-12 rounded-xl sm:w-32`} />
            </div>
          </div>
          <span className={`${onDark} h-40 rounded-2xl`} />
        </div>
      </div>
      <div aria-hidden className={layoutClasses}>
        <div className="grid content-start gap-5">
          <Card className="grid gap-4 p-5 sm:p-6">
            <span className={`${block} h-6 w-40`} />
            {[0, 1, 2, 3, 4, 5].map((row) => (
              <span key={row} className={`${block} h-9`} />
            ))}
          </Card>
          <Card>
            <div className="grid gap-2 px-5 pt-5 sm:px-6">
              <span className={`${block} h-6 w-44`} />
            </div>
            <CommentsSkeleton />
          </Card>
        </div>
        <div className="grid content-start gap-5">
          <Card className="grid gap-3 p-5 sm:p-6">
            <span className={`${block} h-6 w-32`} />
            {[0, 1, 2, 3, 4].map((row) => (
              <span key={row} className={`${block} h-3`} />
            ))}
          </Card>
          <Card className="grid gap-3 p-5 sm:p-6">
            <span className={`${block} h-6 w-28`} />
            <span className={`${block} h-40`} />
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The body under the hero: the estimate and comments, with the smaller pictures beside them on wide screens. */
export const layoutClasses =
  'mx-auto grid w-full max-w-6xl gap-5 px-3 py-6 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-6';
