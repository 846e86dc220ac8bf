import { RatingFeedback } from '@client/components/rating-scores';
import { ReplyUnderRating } from '@client/components/reply-under-rating';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { StarDisplay } from '@client/components/ui/star-display';
import { adminLabel } from '@client/lib/admin-label';
import { REMOVAL_RULE_LABELS } from '@common/removal-rules';
import type { Decision, ReportQueueEntry } from '@common/schemas/reports';
import { formatDateTime, leniencyText, OUTCOME_LABELS, SOURCE_LABELS } from '../report-display';

/**
 * One reported rating (docs/product.md#reports-and-decisions): the rating as stored, held texts included, the reasons
 * with their counts, who reported it and why, the rater's trust figures and the decisions on it so far.
 */
export function ReportCard({ entry, onDecide }: { entry: ReportQueueEntry; onDecide?: (button: HTMLElement) => void }) {
  const { rating, decision } = entry;
  const rater = rating.raterName ? `${rating.raterName} (${rating.raterEmail})` : rating.raterEmail;
  const earlier = entry.decisions.filter((row) => row.id !== decision?.id);
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        {entry.reasons.map(({ reason, count }) => (
          <Badge key={reason} tone="danger">
            {REMOVAL_RULE_LABELS[reason]} × {count}
          </Badge>
        ))}
        {rating.reply?.held && <Badge tone="warning">Reply held</Badge>}
        {rating.isHeld && <Badge tone="accent">Text held</Badge>}
        {rating.removal && <Badge tone="neutral">Taken down</Badge>}
        {decision && (
          <Badge tone="brand">
            {OUTCOME_LABELS[decision.outcome]} {SOURCE_LABELS[decision.source]}
          </Badge>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold wrap-anywhere text-stone-900">Rating of {rating.playerName}</h3>
          <p className="text-sm wrap-anywhere text-stone-600">
            By {rater}
            {rating.isAnonymous && ' · anonymous to others'} ·{' '}
            <time dateTime={rating.createdAt}>{formatDateTime(rating.createdAt)}</time>
          </p>
        </div>
        <StarDisplay value={rating.overallRating} />
      </div>
      <div className="grid gap-2">
        <RatingFeedback rating={rating} />
        {rating.reply && <ReplyUnderRating reply={rating.reply} />}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
        <dt className="text-stone-600">Rater trust</dt>
        <dd className="text-stone-900">
          {entry.raterTrust
            ? `Leniency ${leniencyText(entry.raterTrust)}; ${entry.raterTrust.ratingsGiven} ratings given`
            : 'No account'}
        </dd>
        {decision && <DecisionRow label="Decision" decision={decision} />}
        {earlier.map((row) => (
          <DecisionRow key={row.id} label="Earlier" decision={row} />
        ))}
      </dl>
      {entry.reporters.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-stone-900">Reported by</h4>
          <ul className="grid gap-2">
            {entry.reporters.map((reporter) => (
              <li key={reporter.reportId} className="rounded-xl px-3 py-2 text-sm ring-1 ring-stone-200">
                <p className="wrap-anywhere text-stone-900">
                  <span className="font-semibold">{reporter.name ?? reporter.email}</span> ({reporter.email}) ·{' '}
                  {REMOVAL_RULE_LABELS[reporter.reason]} ·{' '}
                  <time dateTime={reporter.reportedAt}>{formatDateTime(reporter.reportedAt)}</time>
                </p>
                {reporter.details && (
                  <p className="mt-1 wrap-anywhere whitespace-pre-line text-stone-700">{reporter.details}</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {onDecide && (
        <div className="flex justify-end">
          <Button onClick={(event) => onDecide(event.currentTarget)} className="w-full sm:w-auto">
            Decide<span className="sr-only"> on the rating of {rating.playerName}</span>
          </Button>
        </div>
      )}
    </Card>
  );
}

function DecisionRow({ label, decision }: { label: string; decision: Decision }) {
  return (
    <>
      <dt className="text-stone-600">{label}</dt>
      <dd className="wrap-anywhere text-stone-900">
        {OUTCOME_LABELS[decision.outcome]} {SOURCE_LABELS[decision.source]}
        {decision.rule && ` (${REMOVAL_RULE_LABELS[decision.rule]})`} by {adminLabel(decision.decidedBy)},{' '}
        <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt)}</time>
        <span className="block whitespace-pre-line text-stone-700">{decision.statement}</span>
      </dd>
    </>
  );
}
