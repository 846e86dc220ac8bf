import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
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
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { loginPathBackTo } from '@client/lib/next-path';
import { useAuth } from '@client/lib/use-auth';
import { REPORT_DETAILS_MAX } from '@common/community';
import { REMOVAL_RULE_LABELS, REMOVAL_RULE_SENTENCES, REMOVAL_RULES, type RemovalRule } from '@common/removal-rules';
import { charactersOver } from '@common/text';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useReportRating } from '../api/report-rating';

/**
 * "Report" under a rating a member can see (docs/product.md#reports-and-decisions): a dialog with the rule it breaks
 * and optional details for the moderator. Signed out, it is a link to sign in and come back. `subject` names the
 * rating for screen readers ("the rating by Jordan R.").
 */
export function ReportRatingAction({ ratingId, subject }: { ratingId: number; subject: string }) {
  const auth = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (auth.isLoading) return null;
  if (!auth.isAuthenticated) {
    return (
      <Button asChild variant="ghost" size="sm" className="text-stone-600">
        <Link to={loginPathBackTo(`${location.pathname}${location.search}`)}>
          <Flag aria-hidden className="size-3.5" />
          Sign in to report<span className="sr-only"> {subject}</span>
        </Link>
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" className="text-stone-600" onClick={() => setOpen(true)}>
        <Flag aria-hidden className="size-3.5" />
        Report<span className="sr-only"> {subject}</span>
      </Button>
      <DialogContent>{open && <ReportForm ratingId={ratingId} onDone={() => setOpen(false)} />}</DialogContent>
    </Dialog>
  );
}

function ReportForm({ ratingId, onDone }: { ratingId: number; onDone: () => void }) {
  const [reason, setReason] = useState<RemovalRule | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const report = useReportRating();
  const { toast } = useToast();
  const groupId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!reason) found.reason = 'Pick the rule this rating breaks';
    if (charactersOver(details, REPORT_DETAILS_MAX) > 0) {
      found.details = `Must be at most ${REPORT_DETAILS_MAX} characters`;
    }
    setErrors(found);
    if (found.reason || found.details || !reason) return;
    const trimmed = details.trim();
    report.mutate(
      { ratingId, body: { reason, details: trimmed || null } },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: 'Report sent',
            description: 'A moderator will look at this rating. You will hear what they decide.',
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Report this rating</DialogTitle>
        <DialogDescription>
          Tell a moderator which rule it breaks. The rater is not told who reported it.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-2" aria-describedby={errors.reason ? `${groupId}-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold text-stone-900">Which rule does it break?</legend>
        {REMOVAL_RULES.map((rule) => (
          <label
            key={rule}
            className="flex cursor-pointer gap-3 rounded-xl px-3 py-2 ring-1 ring-stone-200 has-checked:bg-teal-50 has-checked:ring-teal-600"
          >
            <input
              type="radio"
              name={`${groupId}-reason`}
              value={rule}
              checked={reason === rule}
              onChange={() => {
                setReason(rule);
                setErrors((found) => ({ ...found, reason: undefined }));
              }}
              className="mt-1 accent-teal-700"
            />
            <span className="grid text-sm">
              <span className="font-semibold text-stone-900">{REMOVAL_RULE_LABELS[rule]}</span>
              <span className="text-stone-600">{REMOVAL_RULE_SENTENCES[rule]}</span>
            </span>
          </label>
        ))}
        {errors.reason && (
          <p id={`${groupId}-error`} role="alert" className="text-sm text-red-800">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <FormField label="Details for the moderator" optional error={errors.details}>
        <CountedTextarea
          value={details}
          max={REPORT_DETAILS_MAX}
          rows={3}
          onChange={(event) => setDetails(event.target.value)}
        />
      </FormField>
      {report.isError && (
        <Alert tone="error" title="Could not send the report">
          {serverMessage(report.error)}
        </Alert>
      )}
      <DialogFormFooter submitLabel="Send report" pendingLabel="Sending..." pending={report.isPending} />
    </form>
  );
}
