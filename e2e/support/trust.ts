import { expect } from 'vitest';
import type { TrustRecomputeReply, TrustRun, TrustStatus } from '../../common/schemas/trust';
import { adminHeaders } from './app';

/**
 * POST /api/admin/trust/recompute as an admin would (202, the queued run), then GET /api/admin/trust/status until
 * that run is done: the estimates as of now rather than on schedule. Fails when the run fails or takes too long.
 */
export async function recomputeTrustViaApi(
  baseUrl: string,
  headers?: Record<string, string>,
  timeoutMs = 60_000,
): Promise<TrustRun> {
  const admin = headers ?? (await adminHeaders(baseUrl));
  const queued = await fetch(`${baseUrl}/api/admin/trust/recompute`, { method: 'POST', headers: admin });
  const body = await queued.text();
  expect(queued.status, body).toBe(202);
  const { runId } = JSON.parse(body) as TrustRecomputeReply;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/admin/trust/status`, { headers: admin });
    expect(res.status).toBe(200);
    const run = ((await res.json()) as TrustStatus).currentRun;
    if (run?.id === runId && run.state === 'done') return run;
    expect(run?.id === runId && run.state === 'failed' ? run.error : null, `trust run ${runId} failed`).toBeNull();
    if (Date.now() > deadline) throw new Error(`trust run ${runId} did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
