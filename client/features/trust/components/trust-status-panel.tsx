import { isLoaded, QueryStatus } from '@client/components/query-status';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { useQuery } from '@tanstack/react-query';
import { Activity, Hourglass, RefreshCw, Target, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { trustStatusQuery } from '../api/get-trust-status';
import { useRecomputeTrust } from '../api/recompute-trust';
import { calibrationText, calibrationTone, durationText } from '../trust-display';
import { TrustDate } from './trust-date';

/** The last full run, the calibration check, the pending count, and "Recompute now". */
export function TrustStatusPanel() {
  const status = useQuery(trustStatusQuery);
  const recompute = useRecomputeTrust();
  const { toast } = useToast();

  const run = () =>
    recompute.mutate(undefined, {
      onSuccess: (reply) =>
        toast({
          title: 'Estimates recomputed',
          description: `${reply.players.toLocaleString('en-US')} players and ${reply.ratings.toLocaleString('en-US')} ratings in ${durationText(reply.durationMs)}.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Could not recompute',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  if (!isLoaded(status)) {
    return <QueryStatus query={status} loading="Loading the trust status..." failed="Error loading the trust status" />;
  }

  const { lastRun, calibration, pendingFlags } = status.data;
  const tone = calibrationTone(calibration);
  return (
    <Card aria-labelledby="trust-status" role="region" className="grid gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="trust-status" className="text-lg font-bold text-stone-900">
          Estimates and checks
        </h2>
        <Button onClick={run} loading={recompute.isPending} variant="outline" className="w-full sm:w-auto">
          {!recompute.isPending && <RefreshCw aria-hidden className="size-4" />}
          {recompute.isPending ? 'Recomputing...' : 'Recompute now'}
        </Button>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat icon={Activity} label="Last full run">
          {lastRun ? (
            <>
              <TrustDate value={lastRun.computedAt} />
              <span className="block text-xs font-normal text-stone-600">
                {lastRun.players.toLocaleString('en-US')} players, {lastRun.ratings.toLocaleString('en-US')} ratings in{' '}
                {durationText(lastRun.durationMs)}
              </span>
            </>
          ) : (
            'Never'
          )}
        </Stat>
        <Stat icon={Target} label="Calibration" className={cn(tone === 'off' && 'bg-amber-50 ring-amber-200')}>
          {calibration.insideShare === null ? '—' : `${Math.round(calibration.insideShare * 100)}%`}
          <span className="block text-xs font-normal text-stone-600">
            {calibrationText(calibration)}
            {tone === 'off' && ' (aim: about 90%)'}
          </span>
        </Stat>
        <Stat icon={Hourglass} label="Pending flags">
          {pendingFlags.toLocaleString('en-US')}
        </Stat>
      </dl>
    </Card>
  );
}

function Stat({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'grid content-start gap-1 rounded-xl bg-stone-50 px-3 py-2.5 ring-1 ring-stone-200 ring-inset',
        className,
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-stone-600">
        <Icon aria-hidden className="size-3.5" />
        {label}
      </dt>
      <dd className="text-base font-bold text-stone-900 tabular-nums">{children}</dd>
    </div>
  );
}
