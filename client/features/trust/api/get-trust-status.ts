import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TrustRun, TrustStatus } from '@common/schemas/trust';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { isRunOpen } from '../trust-display';

/** While a full run is queued or running, the status is read again this often to show how far it got. */
export const TRUST_RUN_POLL_MS = 2000;

/** GET /api/admin/trust/status (admin): the last full run, the one in progress, health, calibration, pending count. */
export const trustStatusQuery = queryOptions({
  queryKey: queryKeys.admin.trustStatus,
  queryFn: ({ signal }) => apiGet<TrustStatus>('/api/admin/trust/status', { admin: true, signal }),
});

/**
 * The status, read again every TRUST_RUN_POLL_MS while a run is open and never otherwise. When a run this screen
 * saw open (or was told to `follow`) has finished, the estimates and flags it may have changed are read again and
 * `onRunFinished` hears of it.
 */
export function useFollowedTrustStatus(onRunFinished: (run: TrustRun, status: TrustStatus) => void) {
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trustStatusQuery,
    refetchInterval: (query) => (isRunOpen(query.state.data?.currentRun) ? TRUST_RUN_POLL_MS : false),
  });
  const followed = useRef<number | null>(null);
  const finished = useEffectEvent((run: TrustRun, data: TrustStatus) => {
    // A full run moves every estimate and can raise flags; a failed one may have written part of them.
    void queryClient.invalidateQueries({ queryKey: queryKeys.players.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.trustFlagsAll });
    onRunFinished(run, data);
  });
  const data = status.data;
  useEffect(() => {
    const run = data?.currentRun;
    if (!data || !run) return;
    if (isRunOpen(run)) {
      followed.current = run.id;
      return;
    }
    // The latest run is finished: the one followed, or a later one that started and ended between two reads.
    if (followed.current === null || run.id < followed.current) return;
    followed.current = null;
    finished(run, data);
  }, [data]);
  return {
    status,
    /** A run just queued: its end is reported even if it finishes before the status shows it open. */
    follow: (runId: number) => {
      followed.current = runId;
    },
  };
}
