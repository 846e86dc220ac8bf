import type { TrustFlag } from '@common/schemas/trust';
import { boostSummary, burstSummary, isBurst, isRing, ringRows, ringSummary } from '../trust-display';

/**
 * A flag's evidence: a ring's players inside against outside the group, a boost against the player's others, or a
 * burst of new accounts against the player's others.
 */
export function FlagEvidence({ flag }: { flag: TrustFlag }) {
  const { evidence } = flag;
  if (!isRing(evidence)) {
    const summary = isBurst(evidence) ? burstSummary(evidence, flag.status) : boostSummary(evidence);
    return (
      // Label above figure on a phone: beside a long label the figure had a third of the width and wrapped.
      <dl className="grid gap-x-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1 [&>dd]:mb-1.5 sm:[&>dd]:mb-0">
        {summary.map((item) => (
          <Figure key={item.label} {...item} />
        ))}
      </dl>
    );
  }
  const rows = ringRows(flag, evidence);
  return (
    <div className="grid gap-2">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {ringSummary(evidence).map((item) => (
          <div key={item.label} className="flex gap-2">
            <Figure {...item} />
          </div>
        ))}
      </dl>
      {/* Cells wrap on a phone rather than scroll: a scrolling box would need a keyboard stop of its own. */}
      <div>
        <table className="w-full text-left text-xs sm:text-sm">
          <caption className="sr-only">Each player’s mean rating from inside the group and from everyone else</caption>
          <thead>
            <tr className="text-xs text-stone-600">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Player
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Inside the group
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Everyone else
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Gap
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.playerId}>
                <th scope="row" className="py-1.5 pr-3 font-medium break-words text-stone-900">
                  {row.name}
                </th>
                <td className="py-1.5 pr-3 text-stone-800 tabular-nums">{row.inside}</td>
                <td className="py-1.5 pr-3 text-stone-800 tabular-nums">{row.outside}</td>
                <td className="py-1.5 text-right font-semibold text-stone-900 tabular-nums">{row.gap ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-semibold text-stone-900 tabular-nums">{value}</dd>
    </>
  );
}
