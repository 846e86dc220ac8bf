import { Alert } from '@client/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import { FormField } from '@client/components/ui/form-field';
import { RemovalRuleSelect } from '@client/components/removal-rule-select';
import { SegmentedControl } from '@client/components/ui/segmented-control';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { APPEAL_OUTCOMES, DECISION_STATEMENT_MAX, type AppealOutcome } from '@common/community';
import type { RemovalRule } from '@common/removal-rules';
import type { AdminAppeal } from '@common/schemas/appeals';
import { charactersOver } from '@common/text';
import { useState, type FormEvent } from 'react';
import { useDecideAppeal } from '../api/decide-appeal';
import { OUTCOME_WORDS } from '../decision-display';

const OUTCOME_LABELS: Record<AppealOutcome, string> = { upheld: 'Uphold', reversed: 'Reverse' };

/** What reversing each decision does, said before the admin confirms it. */
const REVERSAL_EFFECT: Record<string, string> = {
  remove: 'The rating is restored: shown and counted again everywhere.',
  keep: 'The rating is taken down under the rule you pick.',
  'hide-comment': "The rating's comments are shown again.",
  confirm: 'The rating counts again.',
};

/** Decide an appeal (docs/product.md#appeals): uphold or reverse, with reasons, and a rule when reversing a keep. */
export function DecideAppealDialog({
  appeal,
  onClose,
  onCloseAutoFocus,
}: {
  appeal: AdminAppeal | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={appeal !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {appeal && <DecideForm key={appeal.id} appeal={appeal} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DecideForm({ appeal, onClose }: { appeal: AdminAppeal; onClose: () => void }) {
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const [statement, setStatement] = useState('');
  const [rule, setRule] = useState<RemovalRule | ''>('');
  const [errors, setErrors] = useState<{ statement?: string; rule?: string }>({});
  const decide = useDecideAppeal();
  const { toast } = useToast();
  const needsRule = outcome === 'reversed' && appeal.decision.outcome === 'keep';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!statement.trim()) found.statement = 'Please give the reasons';
    else if (charactersOver(statement, DECISION_STATEMENT_MAX) > 0) {
      found.statement = `Must be at most ${DECISION_STATEMENT_MAX} characters`;
    }
    if (needsRule && !rule) found.rule = 'Pick the rule the rating breaks';
    setErrors(found);
    if (found.statement || found.rule) return;
    decide.mutate(
      {
        id: appeal.id,
        body: { outcome, statement: statement.trim(), ...(needsRule && rule ? { rule } : {}) },
      },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: outcome === 'reversed' ? 'Decision reversed' : 'Decision upheld',
            description: 'The appellant will be told.',
          });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Decide the appeal</DialogTitle>
        <DialogDescription>
          Appeal of “{OUTCOME_WORDS[appeal.decision.outcome].label}” on{' '}
          {appeal.rating ? `the rating of ${appeal.rating.playerName}` : 'a deleted rating'}. Uphold keeps the decision;
          reverse undoes it.
        </DialogDescription>
      </DialogHeader>
      <SegmentedControl
        label="Outcome of the appeal"
        options={APPEAL_OUTCOMES}
        labels={OUTCOME_LABELS}
        value={outcome}
        onChange={setOutcome}
        className="grid grid-cols-2"
      />
      {outcome === 'reversed' && (
        <p className="text-sm text-stone-700">{REVERSAL_EFFECT[appeal.decision.outcome] ?? ''}</p>
      )}
      {needsRule && (
        <FormField label="Rule the rating breaks" error={errors.rule}>
          <RemovalRuleSelect value={rule} onChange={setRule} />
        </FormField>
      )}
      <FormField label="Reasons (sent to the appellant)" error={errors.statement}>
        <CountedTextarea
          value={statement}
          max={DECISION_STATEMENT_MAX}
          rows={4}
          onChange={(event) => setStatement(event.target.value)}
        />
      </FormField>
      {decide.isError && (
        <Alert tone="error" title="Could not decide the appeal">
          {serverMessage(decide.error)}
        </Alert>
      )}
      <DialogFormFooter submitLabel="Decide" pendingLabel="Deciding..." pending={decide.isPending} />
    </form>
  );
}
