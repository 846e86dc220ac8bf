import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import type { TrustFlag } from '@common/schemas/trust';
import type { ReactNode } from 'react';
import { FLAG_TYPE, ratingIdsText, scoreText } from '../trust-display';
import { FlagEvidence } from './flag-evidence';
import { TrustDate } from './trust-date';

/**
 * One flag with its accounts, players, ratings and evidence; pending ones carry a Review button. `ratingAction`
 * puts a control beside each of its ratings (Remove or Restore, docs/product.md#take-down).
 */
export function TrustFlagCard({
  flag,
  onReview,
  ratingAction,
}: {
  flag: TrustFlag;
  onReview?: (button: HTMLElement) => void;
  ratingAction?: (ratingId: number) => ReactNode;
}) {
  const type = FLAG_TYPE[flag.type];
  const headline = flag.players.map((player) => player.name).join(', ') || 'Unknown players';
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={type.tone}>
          <span className="sr-only">Type: </span>
          {type.label}
        </Badge>
        <span className="text-xs font-semibold text-stone-700 tabular-nums">{scoreText(flag)}</span>
        <span className="text-xs text-stone-600">
          Flagged <TrustDate value={flag.createdAt} />
        </span>
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-stone-900">{headline}</h3>
        <p className="text-sm text-stone-600">{type.what}.</p>
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <section className="min-w-0" aria-label="Accounts">
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Accounts ({flag.accounts.length})
          </h4>
          <ul className="mt-1 grid gap-0.5 text-sm">
            {flag.accounts.map((account) => (
              <li key={account.userId ?? account.email} className="min-w-0 break-all">
                <span className="font-medium text-stone-900">{account.name ?? 'No name'}</span>{' '}
                <span className="text-stone-600">{account.email}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="min-w-0" aria-label="Ratings">
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Ratings ({flag.ratingIds.length})
          </h4>
          {ratingAction ? (
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {flag.ratingIds.map((id) => (
                <li
                  key={id}
                  className="inline-flex items-center gap-1 rounded-lg bg-stone-50 py-0.5 pr-0.5 pl-2.5 ring-1 ring-stone-200 ring-inset"
                >
                  <span className="text-sm text-stone-800 tabular-nums">#{id}</span>
                  {ratingAction(id)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm break-words text-stone-800 tabular-nums">{ratingIdsText(flag.ratingIds)}</p>
          )}
        </section>
      </div>

      <div className="rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200 ring-inset">
        <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-stone-600 uppercase">Evidence</h4>
        <FlagEvidence flag={flag} />
      </div>

      {flag.reviewedAt && (
        <div className="grid gap-0.5 text-sm text-stone-700">
          <p>
            {flag.status === 'confirmed' ? 'Confirmed' : 'Dismissed'} <TrustDate value={flag.reviewedAt} />
          </p>
          {flag.reviewNotes && (
            <p className="break-words">
              <span className="font-semibold">Notes:</span> {flag.reviewNotes}
            </p>
          )}
        </div>
      )}

      {onReview && (
        <div className="flex justify-end">
          <Button variant="outline" onClick={(event) => onReview(event.currentTarget)} className="w-full sm:w-auto">
            Review
            <span className="sr-only">
              {' '}
              the {type.label.toLowerCase()} flag on {headline}
            </span>
          </Button>
        </div>
      )}
    </Card>
  );
}
