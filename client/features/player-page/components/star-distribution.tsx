import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ratingsCount } from '@client/components/ui/estimate-text';
import { StarIcon } from '@client/components/ui/star-display';
import type { PlayerPage } from '@common/schemas/player-page';
import { distributionRows } from '../player-charts';

/** How many ratings gave each overall star, as bars (the counts are in the text, the bars only show them). */
export function StarDistribution({ distribution }: { distribution: PlayerPage['overallDistribution'] }) {
  const rows = distributionRows(distribution);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card role="region" aria-labelledby="distribution-heading">
      <CardHeader>
        <CardTitle id="distribution-heading">Overall stars</CardTitle>
        <CardDescription>{total === 0 ? 'No ratings yet.' : `From ${ratingsCount(total)}.`}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {rows.map((row) => (
            <li key={row.stars} className="grid grid-cols-[2.75rem_minmax(0,1fr)_2rem] items-center gap-3 text-sm">
              <span className="inline-flex items-center gap-1 font-semibold text-stone-800 tabular-nums">
                {row.stars}
                <StarIcon className="size-3.5 fill-amber-400 text-amber-500" />
                <span className="sr-only">{row.stars === 1 ? ' star:' : ' stars:'}</span>
              </span>
              <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-stone-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${row.percent}%` }} />
              </span>
              <span className="text-right text-stone-700 tabular-nums">
                {row.count}
                <span className="sr-only">
                  {' '}
                  {row.count === 1 ? 'rating' : 'ratings'} ({row.percent}%)
                </span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
