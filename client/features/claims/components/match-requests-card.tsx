import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useToast } from '@client/components/ui/use-toast';
import { adminLabel } from '@client/lib/admin-label';
import { serverMessage } from '@client/lib/api-client';
import type { AdminMatchRequest, ReviewBody } from '@common/schemas/claims';
import { ArrowDown, ArrowRight, Check, CircleUserRound, IdCard, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useReviewMatchRequest } from '../api/match-requests-review';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_BADGES = {
  pending: <Badge tone="warning">Pending</Badge>,
  approved: <Badge tone="success">Approved</Badge>,
  denied: <Badge tone="danger">Denied</Badge>,
  withdrawn: <Badge tone="neutral">Withdrawn</Badge>,
} as const;

/** One match request (docs/product.md#admin-screens): requester → target player, message, dates, review notes; Approve / Deny when pending. */
export function MatchRequestCard({ request }: { request: AdminMatchRequest }) {
  const headingId = useId();
  const { toast } = useToast();
  const review = useReviewMatchRequest();
  const running = review.isPending ? review.variables.action : null;

  const requesterName =
    [request.userFirstName, request.userLastName].filter(Boolean).join(' ') ||
    `${request.claimantFirstName} ${request.claimantLastName}`;
  const playerName = `${request.playerFirstName} ${request.playerLastName}`;
  const claimantName = `${request.claimantFirstName} ${request.claimantLastName}`;
  const claimantDiffers =
    claimantName !== requesterName || request.claimantEmail.toLowerCase() !== request.userEmail.toLowerCase();

  const decide = (action: ReviewBody['action']) =>
    review.mutate(
      { id: request.id, action },
      {
        onSuccess: () =>
          toast({
            title: 'Request reviewed successfully',
            description: 'The match request has been processed.',
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Review failed',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card className="overflow-hidden">
      <h3 id={headingId} className="sr-only">
        {requesterName} claims the profile of {playerName}
      </h3>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-5">
        {STATUS_BADGES[request.status]}
        <p className="text-xs text-stone-600">
          Requested <DateTime value={request.createdAt} />
        </p>
      </div>

      <div className="grid items-stretch gap-2 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-3 sm:px-5">
        <Party
          icon={<CircleUserRound aria-hidden className="size-4" />}
          label="Requester"
          name={requesterName}
          email={request.userEmail}
        >
          {claimantDiffers && (
            <p className="mt-1 text-xs text-stone-600">
              As entered: {claimantName}, {request.claimantEmail}
            </p>
          )}
          <p className="mt-1 text-xs text-stone-600">
            {request.claimantCity}, {request.claimantState} {request.claimantZip}
          </p>
        </Party>
        <div aria-hidden className="grid place-items-center text-teal-700">
          <ArrowDown className="size-5 sm:hidden" />
          <ArrowRight className="hidden size-5 sm:block" />
        </div>
        <Party
          icon={<IdCard aria-hidden className="size-4" />}
          label="Player profile"
          name={playerName}
          email={request.playerEmail}
        />
      </div>

      {(request.requestMessage || request.reviewedAt || request.withdrawnAt) && (
        <div className="grid gap-3 px-4 pb-4 sm:px-5">
          {request.requestMessage && (
            <figure className="rounded-xl bg-stone-50 px-4 py-3 text-sm">
              <figcaption className="text-xs font-semibold text-stone-600">Message</figcaption>
              <blockquote className="mt-1 leading-relaxed wrap-anywhere whitespace-pre-line text-stone-800">
                {request.requestMessage}
              </blockquote>
            </figure>
          )}
          {request.withdrawnAt && (
            <p className="rounded-xl border border-stone-200 px-4 py-3 text-sm text-stone-700">
              Withdrawn by the requester <DateTime value={request.withdrawnAt} />
            </p>
          )}
          {request.reviewedAt && (
            <div className="rounded-xl border border-stone-200 px-4 py-3 text-sm">
              <p className="text-stone-700">
                Reviewed <DateTime value={request.reviewedAt} />
                {request.reviewedByLabel && <> by {adminLabel(request.reviewedByLabel)}</>}
              </p>
              {request.reviewNotes && (
                <p className="mt-1 text-stone-600">
                  <span className="font-semibold text-stone-700">Notes:</span> {request.reviewNotes}
                </p>
              )}
            </div>
          )}
        </div>
      )}

      {request.status === 'pending' && (
        <div className="flex flex-col-reverse gap-2 border-t border-stone-100 bg-stone-50/60 px-4 py-3 sm:flex-row sm:justify-end sm:px-5">
          <Button
            variant="outline"
            onClick={() => decide('deny')}
            loading={running === 'deny'}
            disabled={running !== null}
            aria-describedby={headingId}
            className="text-red-800 hover:bg-red-50"
          >
            {running === 'deny' ? (
              'Processing...'
            ) : (
              <>
                <X aria-hidden className="size-4" />
                Deny
              </>
            )}
          </Button>
          <Button
            onClick={() => decide('approve')}
            loading={running === 'approve'}
            disabled={running !== null}
            aria-describedby={headingId}
          >
            {running === 'approve' ? (
              'Processing...'
            ) : (
              <>
                <Check aria-hidden className="size-4" />
                Approve
              </>
            )}
          </Button>
        </div>
      )}
    </Card>
  );
}

function Party({
  icon,
  label,
  name,
  email,
  children,
}: {
  icon: ReactNode;
  label: string;
  name: string;
  email: string;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-stone-200 px-4 py-3">
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {icon}
        {label}
      </p>
      <p className="mt-1 font-semibold wrap-anywhere text-stone-900">{name}</p>
      <p className="truncate text-sm text-stone-700" title={email}>
        {email}
      </p>
      {children}
    </div>
  );
}

function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{dateTime.format(new Date(value))}</time>;
}
