import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import { FormField } from '@client/components/ui/form-field';
import { serverMessage } from '@client/lib/api-client';
import { APPEAL_TEXT_MAX } from '@common/community';
import type { Appeal, DecisionView } from '@common/schemas/appeals';
import { charactersOver } from '@common/text';
import { useState, type FormEvent } from 'react';
import { useAppealDecision } from '../api/appeal-decision';
import { APPEAL_OUTCOME_WORDS, formatDate, formatDateTime } from '../decision-display';

/** The reader's appeal: its status once made, the form while they may make one, or why they may not. */
export function AppealSection({ decision }: { decision: DecisionView }) {
  return (
    <section aria-labelledby="appeal-heading" className="grid gap-3">
      <h2 id="appeal-heading" className="text-lg font-bold text-stone-900">
        Appeal
      </h2>
      {decision.appeal ? (
        <AppealStatus appeal={decision.appeal} />
      ) : decision.canAppeal ? (
        <AppealForm decision={decision} />
      ) : (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-4 text-sm text-stone-700">
          {decision.appealRefusal}
        </p>
      )}
    </section>
  );
}

function AppealStatus({ appeal }: { appeal: Appeal }) {
  const outcome = appeal.outcome ? APPEAL_OUTCOME_WORDS[appeal.outcome] : null;
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      {outcome ? (
        <Alert tone={appeal.outcome === 'reversed' ? 'success' : 'info'} title={outcome.label}>
          {outcome.sentence}
          {appeal.decidedAt && (
            <>
              {' '}
              (<time dateTime={appeal.decidedAt}>{formatDateTime(appeal.decidedAt)}</time>)
            </>
          )}
        </Alert>
      ) : (
        <Alert tone="info" title="Your appeal is waiting">
          A different moderator than the one who decided will look at it. We will tell you the outcome.
        </Alert>
      )}
      {appeal.statement && (
        <div className="text-sm">
          <p className="font-semibold text-stone-700">Their reasons</p>
          <p className="wrap-anywhere whitespace-pre-line text-stone-900">{appeal.statement}</p>
        </div>
      )}
      <div className="text-sm">
        <p className="font-semibold text-stone-700">
          What you wrote on <time dateTime={appeal.createdAt}>{formatDate(appeal.createdAt)}</time>
        </p>
        <p className="wrap-anywhere whitespace-pre-line text-stone-900">{appeal.text}</p>
      </div>
    </Card>
  );
}

function AppealForm({ decision }: { decision: DecisionView }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const appeal = useAppealDecision(decision.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError('Please say why the decision should change');
    if (charactersOver(text, APPEAL_TEXT_MAX) > 0) return setError(`Must be at most ${APPEAL_TEXT_MAX} characters`);
    setError(null);
    appeal.mutate(text.trim());
  };
  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <p className="text-sm text-stone-700">
          If you think this decision is wrong, tell us why. A different moderator will look at it again. You can appeal
          once, until <time dateTime={decision.appealUntil}>{formatDate(decision.appealUntil)}</time>.
        </p>
        <FormField label="Why should the decision change?" error={error}>
          <CountedTextarea
            value={text}
            max={APPEAL_TEXT_MAX}
            rows={5}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
        {appeal.isError && (
          <Alert tone="error" title="Could not send your appeal">
            {serverMessage(appeal.error)}
          </Alert>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={appeal.isPending} className="w-full sm:w-auto">
            {appeal.isPending ? 'Sending...' : 'Send appeal'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
