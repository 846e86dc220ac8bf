import { Alert } from '@client/components/ui/alert';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { RemovalRuleSelect } from '@client/components/removal-rule-select';
import { SegmentedControl } from '@client/components/ui/segmented-control';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { DECISION_STATEMENT_MAX } from '@common/community';
import { REMOVAL_RULE_SENTENCES, type RemovalRule } from '@common/removal-rules';
import {
  REPORT_DECISION_OUTCOME_LABELS,
  REPORT_DECISION_OUTCOMES,
  type ReportDecisionOutcome,
  type ReportQueueEntry,
} from '@common/schemas/reports';
import { charactersOver } from '@common/text';
import { useState, type FormEvent } from 'react';
import { useDecideReport } from '../api/decide-report';

const OUTCOME_EFFECT: Record<ReportDecisionOutcome, string> = {
  keep: 'The rating stays as it is; a held reply is shown.',
  'hide-comment': "The rating's comments are hidden from everyone but admins; its scores still count.",
  remove: 'The rating is taken down: shown and counted nowhere.',
};

/** Decide on a reported rating (docs/product.md#reports-and-decisions): outcome, rule and the statement of reasons. */
export function DecideReportDialog({
  entry,
  onClose,
  onCloseAutoFocus,
}: {
  entry: ReportQueueEntry | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {entry && <DecideForm key={entry.rating.id} entry={entry} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DecideForm({ entry, onClose }: { entry: ReportQueueEntry; onClose: () => void }) {
  const [outcome, setOutcome] = useState<ReportDecisionOutcome>('keep');
  const [rule, setRule] = useState<RemovalRule | ''>(entry.reasons[0]?.reason ?? '');
  const [statement, setStatement] = useState('');
  const [errors, setErrors] = useState<{ statement?: string; rule?: string }>({});
  const decide = useDecideReport();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!rule) found.rule = 'Pick the rule you applied';
    if (!statement.trim()) found.statement = 'Please give the reasons';
    else if (charactersOver(statement, DECISION_STATEMENT_MAX) > 0) {
      found.statement = `Must be at most ${DECISION_STATEMENT_MAX} characters`;
    }
    setErrors(found);
    if (found.statement || found.rule || !rule) return;
    decide.mutate(
      { ratingId: entry.rating.id, body: { outcome, rule, statement: statement.trim() } },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: 'Decision recorded',
            description: 'The rater and every reporter will get the statement of reasons.',
          });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Decide on the rating of {entry.rating.playerName}</DialogTitle>
        <DialogDescription>
          The rater and every reporter get your reasons, with the rule and a link to appeal.
        </DialogDescription>
      </DialogHeader>
      <SegmentedControl
        label="Outcome"
        options={REPORT_DECISION_OUTCOMES}
        labels={REPORT_DECISION_OUTCOME_LABELS}
        value={outcome}
        onChange={setOutcome}
        className="grid grid-cols-1 sm:grid-cols-3"
      />
      <p className="text-sm text-stone-700">{OUTCOME_EFFECT[outcome]}</p>
      <FormField
        label="Rule"
        error={errors.rule}
        hint={rule ? REMOVAL_RULE_SENTENCES[rule] : 'The rule the statement names.'}
      >
        <RemovalRuleSelect value={rule} onChange={setRule} />
      </FormField>
      <FormField label="Statement of reasons (sent to the rater and the reporters)" error={errors.statement}>
        <CountedTextarea
          value={statement}
          max={DECISION_STATEMENT_MAX}
          rows={4}
          onChange={(event) => setStatement(event.target.value)}
        />
      </FormField>
      {decide.isError && (
        <Alert tone="error" title="Could not record the decision">
          {serverMessage(decide.error)}
        </Alert>
      )}
      <DialogFormFooter submitLabel="Decide" pendingLabel="Deciding..." pending={decide.isPending} />
    </form>
  );
}
