import type { FastifyInstance } from 'fastify';
import type { TrustRecomputeReply, TrustRun, TrustStatus } from '../../common/schemas/trust';

type Injector = Pick<FastifyInstance, 'inject'>;

/**
 * POST /api/admin/trust/recompute as an admin would, then the status until that run finished: estimates as of
 * now, for the tests that read them. Throws when the route does not queue (202) or the run fails.
 */
export async function recomputeTrust(
  app: Injector,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<TrustRun> {
  const queued = await app.inject({ method: 'POST', url: '/api/admin/trust/recompute', headers });
  if (queued.statusCode !== 202) throw new Error(`recompute answered ${queued.statusCode}: ${queued.body}`);
  const { runId } = queued.json<TrustRecomputeReply>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await app.inject({ url: '/api/admin/trust/status', headers })).json<TrustStatus>();
    const run = status.currentRun;
    if (run && run.id === runId && run.state === 'done') return run;
    if (run && run.id === runId && run.state === 'failed') throw new Error(`trust run failed: ${run.error}`);
    if (Date.now() > deadline) throw new Error(`trust run ${runId} did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
