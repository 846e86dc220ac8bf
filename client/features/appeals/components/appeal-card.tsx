import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { adminLabel } from '@client/lib/admin-label';
import { REMOVAL_RULE_LABELS } from '@common/removal-rules';
import type { AdminAppeal } from '@common/schemas/appeals';
import { APPEAL_OUTCOME_WORDS, formatDate, formatDateTime, OUTCOME_WORDS } from '../decision-display';

const ROLE_LABELS = { rater: 'the rater', reporter: 'a reporter', 'rated-player': 'the rated player' } as const;

/** One appeal in the admins' queue: who appeals what, why, the decision appealed and the rating it is about. */
export function AppealCard({ appeal, onDecide }: { appeal: AdminAppeal; onDecide?: (button: HTMLElement) => void }) {
  const { decision, rating } = appeal;
  const subject = rating ? `the rating of ${rating.playerName}` : 'a deleted rating';
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">Appeal of: {OUTCOME_WORDS[decision.outcome].label}</Badge>
        {decision.rule && <Badge tone="neutral">{REMOVAL_RULE_LABELS[decision.rule]}</Badge>}
        {appeal.outcome && (
          <Badge tone={appeal.outcome === 'reversed' ? 'success' : 'brand'}>
            {APPEAL_OUTCOME_WORDS[appeal.outcome].label}
          </Badge>
        )}
        <span className="text-xs text-stone-600">
          Appealed <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
        </span>
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere text-stone-900">{rating ? rating.playerName : 'Deleted rating'}</h3>
        <p className="text-sm wrap-anywhere text-stone-600">
          By {ROLE_LABELS[appeal.role]}, {appeal.appellant.name ?? appeal.appellant.email} ({appeal.appellant.email})
        </p>
      </div>
      <figure className="rounded-xl border-l-4 border-amber-300 bg-stone-50 px-4 py-3">
        <figcaption className="text-xs font-semibold text-stone-600">Why they appeal</figcaption>
        <blockquote className="mt-1 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-800">
          {appeal.text}
        </blockquote>
      </figure>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
        <dt className="text-stone-600">Decision</dt>
        <dd className="text-stone-900">
          {OUTCOME_WORDS[decision.outcome].label} by {adminLabel(decision.decidedBy)} on{' '}
          <time dateTime={decision.decidedAt}>{formatDate(decision.decidedAt)}</time>
        </dd>
        <dt className="text-stone-600">Reasons</dt>
        <dd className="wrap-anywhere whitespace-pre-line text-stone-900">{decision.statement}</dd>
        {rating && (
          <>
            <dt className="text-stone-600">Rating</dt>
            <dd className="wrap-anywhere text-stone-900">
              {rating.overallRating} stars by {rating.raterEmail}
              {rating.isAnonymous && ' (anonymous to others)'},{' '}
              <time dateTime={rating.createdAt}>{formatDate(rating.createdAt)}</time>
              {rating.removed && ' · taken down now'}
            </dd>
            {rating.comment && (
              <>
                <dt className="text-stone-600">Comment</dt>
                <dd className="wrap-anywhere whitespace-pre-line text-stone-900">{rating.comment}</dd>
              </>
            )}
          </>
        )}
        {appeal.statement && (
          <>
            <dt className="text-stone-600">On appeal</dt>
            <dd className="wrap-anywhere whitespace-pre-line text-stone-900">
              {appeal.statement}
              {appeal.decidedBy && <> ({adminLabel(appeal.decidedBy)})</>}
            </dd>
          </>
        )}
      </dl>
      {onDecide && (
        <div className="flex justify-end">
          <Button variant="outline" onClick={(event) => onDecide(event.currentTarget)} className="w-full sm:w-auto">
            Decide
            <span className="sr-only"> the appeal about {subject}</span>
          </Button>
        </div>
      )}
    </Card>
  );
}
