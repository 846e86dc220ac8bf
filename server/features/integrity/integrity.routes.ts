import type { App, FeatureRoutes } from '../../deps';
import type { Database } from '../../db/client';
import { recordJobRun } from '../../lib/metrics';
import { integrityReplySchema } from '../../../common/schemas/integrity';
import { errorReplySchema } from '../../../common/schemas/shared';
import {
  checkIntegrityIfDue,
  getIntegrity,
  onRecountConnection,
  runIntegrityCheck,
  toIntegrityReply,
} from './integrity.service';

/** How often each instance looks whether a recount is due; one instance runs it (the recount's lock). */
const LOOK_EVERY_MS = 5 * 60_000;

function scheduleRecounts(app: App, database: Database, everyMs: number) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await checkIntegrityIfDue(database, everyMs);
      recordJobRun('integrity-check');
    } catch (err) {
      app.log.warn({ err }, 'the recount failed; it runs again at the next look');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), LOOK_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    const deadline = Date.now() + 5000;
    while (running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const refusals = { 401: errorReplySchema, 403: errorReplySchema };

/** docs/architecture.md#the-recount: the hourly recount and what it found. */
export const integrityRoutes: FeatureRoutes = async (app, { database, env }) => {
  const { db } = database;
  if (env.INTEGRITY_CHECK_MINUTES > 0 && env.APP_ROLE !== 'api') {
    scheduleRecounts(app, database, env.INTEGRITY_CHECK_MINUTES * 60_000);
  }
  // A worker instance answers health and metrics only (decision 025).
  if (env.APP_ROLE === 'worker') return;

  app.get(
    '/api/admin/integrity',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'getIntegrity',
        summary: 'The latest recount of every derived figure from the rows, with its mismatches (admin)',
        tags: ['integrity'],
        response: { 200: integrityReplySchema, ...refusals },
      },
    },
    async () => getIntegrity(db),
  );

  app.post(
    '/api/admin/integrity/check',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'runIntegrityCheck',
        summary: 'Run the recount now and store its result (admin)',
        tags: ['integrity'],
        response: { 200: integrityReplySchema, ...refusals },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return toIntegrityReply(await onRecountConnection(database, (own) => runIntegrityCheck(own, admin.label)));
    },
  );
};
