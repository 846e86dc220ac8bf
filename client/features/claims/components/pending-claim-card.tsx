import { Alert } from '@client/components/ui/alert';
import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useToast } from '@client/components/ui/use-toast';
import { hasErrorCode, serverMessage } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { relativeTime } from '@client/lib/relative-time';
import { initialsOf } from '@common/initials';
import type { OwnClaim } from '@common/schemas/claims';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, MapPin, Undo2 } from 'lucide-react';
import { useWithdrawClaim } from '../api/pending-claim';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The caller's pending claim, shown on Player Registration instead of the form: registering meanwhile would
 * make a second profile and the admin's approval would fail (docs/decisions/008-pending-claims.md).
 */
export function PendingClaimCard({ claim, className }: { claim: OwnClaim; className?: string }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const withdraw = useWithdrawClaim();
  const playerName = `${claim.playerFirstName} ${claim.playerLastName}`;

  const withdrawClaim = () =>
    withdraw.mutate(claim.id, {
      onSuccess: () =>
        toast({
          title: 'Claim withdrawn',
          description: 'You can register your own profile or claim another one.',
          variant: 'success',
        }),
      onError: (error) => {
        // An admin reviewed it meanwhile: show where it stands now (linked profile, or the form after a denial).
        if (hasErrorCode(error, 'claim_already_reviewed', 'claim_already_withdrawn')) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.auth.pendingClaim });
          void queryClient.invalidateQueries({ queryKey: queryKeys.auth.linkedPlayer });
        }
        toast({
          title: 'Could not withdraw the claim',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });

  return (
    <Card role="region" className={className} aria-labelledby="pending-claim-title">
      <CardHeader>
        <CardTitle id="pending-claim-title" icon={Clock} iconClassName="text-amber-700">
          Your claim is waiting for review
        </CardTitle>
        <CardDescription>
          An admin checks that this profile is yours and then links it to your account. Once it is linked, you will find
          it here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-4 rounded-2xl border border-amber-200 bg-amber-50/60 p-4">
          <Avatar className="size-14 rounded-2xl bg-amber-300 text-lg font-bold text-stone-900">
            {initialsOf(`${claim.playerFirstName} ${claim.playerLastName}`)}
          </Avatar>
          <div className="min-w-0 flex-1">
            <p className="text-lg font-bold wrap-anywhere text-stone-900">{playerName}</p>
            <p className="flex items-start gap-1 text-sm text-stone-600">
              <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              <span className="min-w-0 wrap-anywhere">{claim.playerLocation}</span>
            </p>
            <Badge tone="warning" className="mt-2">
              <Clock aria-hidden className="size-3.5" />
              Pending review
            </Badge>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-600">Sent</dt>
            <dd className="mt-0.5 font-semibold text-stone-900">
              <time dateTime={claim.createdAt}>{dateFormat.format(new Date(claim.createdAt))}</time>
              <span className="font-normal text-stone-600"> · {relativeTime(claim.createdAt)}</span>
            </dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-600">Status</dt>
            <dd className="mt-0.5 font-semibold text-stone-900">Pending review</dd>
          </div>
          {claim.requestMessage && (
            <div className="rounded-xl bg-stone-50 p-3 sm:col-span-2">
              <dt className="text-stone-600">Your message to the admin</dt>
              <dd className="mt-0.5 wrap-anywhere whitespace-pre-line text-stone-800">{claim.requestMessage}</dd>
            </div>
          )}
        </dl>
        <Alert tone="info">
          While the claim is pending you cannot register another profile. Claimed the wrong one, or not you after all?
          Withdraw the claim, then register or claim again.
        </Alert>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="text-red-800 hover:bg-red-50"
            onClick={withdrawClaim}
            loading={withdraw.isPending}
          >
            {!withdraw.isPending && <Undo2 aria-hidden className="size-4" />}
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw claim'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
