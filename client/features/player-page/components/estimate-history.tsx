import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { oneDecimal, rangeText } from '@client/components/ui/estimate-text';
import type { EstimateHistoryPoint } from '@common/schemas/player-page';
import { historyChart, historySummary, quarterLabel, scaleTop } from '../player-charts';

const GRID = [5, 4, 3, 2, 1] as const;

/**
 * How the overall estimate moved, by quarter: the estimate as a line, its 90% range as a band, on the 1-5 scale.
 * The line and band are SVG stretched to the box; the dots and labels are HTML, so they keep their shape at any
 * width. Screen readers get a table of the same numbers instead.
 */
export function EstimateHistory({ history, firstName }: { history: EstimateHistoryPoint[]; firstName: string }) {
  const chart = historyChart(history);
  return (
    <Card role="region" aria-labelledby="history-heading">
      <CardHeader className={chart ? undefined : 'pb-5 sm:pb-6'}>
        <CardTitle id="history-heading">Over time</CardTitle>
        <CardDescription>
          {chart
            ? `“Would play again” at the end of each quarter. ${historySummary(history)}`
            : history.length === 1
              ? `${firstName}’s ratings so far are all from ${quarterLabel(history[0].quarter)}. The trend appears once a second quarter has ratings.`
              : `Once ${firstName} has ratings from two quarters, this shows how the estimate moves.`}
        </CardDescription>
      </CardHeader>
      {chart && (
        <CardContent className="pt-2">
          <div aria-hidden className="grid grid-cols-[1.25rem_minmax(0,1fr)] gap-x-2">
            <div className="relative h-40 text-[11px] text-stone-500 tabular-nums">
              {GRID.map((value) => (
                <span key={value} className="absolute right-0 -translate-y-1/2" style={{ top: `${scaleTop(value)}%` }}>
                  {value}
                </span>
              ))}
            </div>
            <div className="relative mx-1.5 h-40">
              {GRID.map((value) => (
                <span
                  key={value}
                  className="absolute inset-x-0 border-t border-dashed border-stone-200"
                  style={{ top: `${scaleTop(value)}%` }}
                />
              ))}
              <svg
                viewBox="0 0 100 100"
                preserveAspectRatio="none"
                className="absolute inset-0 size-full overflow-visible"
              >
                <path d={chart.band} className="fill-teal-200/70" />
                <path
                  d={chart.line}
                  fill="none"
                  className="stroke-teal-700"
                  strokeWidth={2.5}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              </svg>
              {chart.points.map((point) => (
                <span
                  key={point.point.quarter}
                  className="absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-teal-700 shadow"
                  style={{ left: `${point.x}%`, top: `${point.y}%` }}
                />
              ))}
            </div>
            <div className="relative col-start-2 mx-1.5 mt-2 h-4 text-[11px] whitespace-nowrap text-stone-500">
              {chart.labels.map((label, index) => (
                <span
                  key={label.label}
                  className={
                    index === 0
                      ? 'absolute left-0'
                      : index === chart.labels.length - 1
                        ? 'absolute right-0'
                        : 'absolute -translate-x-1/2'
                  }
                  style={index === 0 || index === chart.labels.length - 1 ? undefined : { left: `${label.x}%` }}
                >
                  {label.label}
                </span>
              ))}
            </div>
          </div>
          <table className="sr-only">
            <caption>“Would play again” estimate by quarter</caption>
            <thead>
              <tr>
                <th scope="col">Quarter</th>
                <th scope="col">Estimate</th>
                <th scope="col">90% range</th>
              </tr>
            </thead>
            <tbody>
              {history.map((point) => (
                <tr key={point.quarter}>
                  <th scope="row">{quarterLabel(point.quarter)}</th>
                  <td>{oneDecimal(point.mean)}</td>
                  <td>{rangeText(point)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      )}
    </Card>
  );
}
