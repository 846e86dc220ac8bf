/**
 * The trust jobs' own entry: a worker thread with its own connections, so a full run's minutes of arithmetic
 * never hold up the event loop that answers requests (docs/decisions/025-trust-model-in-a-worker.md).
 * It runs the same loop the inline runner does and tells the parent each pass's outcome, for the metrics.
 */
import os from 'node:os';
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/client';
import { runTrustLoop, type TrustLoopSettings } from './trust-loop';

export type TrustWorkerData = TrustLoopSettings & { url: string };
export type TrustWorkerMessage =
  { type: 'ran'; outcome: string } | { type: 'failed'; message: string } | { type: 'stopped' };

/**
 * Linux: a nice value for this thread only (setpriority on a thread id), so on a busy machine the requests'
 * thread gets the cores first. Elsewhere this does nothing.
 */
function lowerOwnPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, 10);
  } catch {
    // Not Linux, or not permitted: the run only competes on equal terms.
  }
}

const port = parentPort;
if (!port) throw new Error('trust-worker runs as a worker thread');
const settings = workerData as TrustWorkerData;
lowerOwnPriority();
// The default statement timeout holds here too: the run reads and writes in pages, no statement near it.
const database = await openDatabase({ url: settings.url, poolSize: 3 });
const loop = runTrustLoop(database.db, settings, {
  onRun: (outcome) => port.postMessage({ type: 'ran', outcome } satisfies TrustWorkerMessage),
  onFailure: (message) => port.postMessage({ type: 'failed', message } satisfies TrustWorkerMessage),
});
port.on('message', (message: { type: 'kick' | 'stop' }) => {
  if (message.type === 'kick') loop.kick();
  if (message.type === 'stop')
    void loop.stop().then(async () => {
      await database.close();
      port.postMessage({ type: 'stopped' } satisfies TrustWorkerMessage);
      port.close();
    });
});
