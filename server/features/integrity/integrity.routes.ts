import type { FeatureRoutes } from '../../deps';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import { integrityReplySchema } from '../../../common/schemas/integrity';
import { errorReplies } from '../../../common/schemas/shared';
import {
  checkIntegrityIfDue,
  getIntegrity,
  onRecountConnection,
  runIntegrityCheck,
  toIntegrityReply,
} from './integrity.service';

/** How often each instance looks whether a recount is due; one instance runs it (the recount's lock). */
const LOOK_EVERY_MS = 5 * 60_000;

const refusals = errorReplies(401, 403);

/** docs/architecture.md#the-recount: the hourly recount and what it found. */
export const integrityRoutes: FeatureRoutes = async (app, { database, env }) => {
  const { db } = database;
  if (env.INTEGRITY_CHECK_MINUTES > 0 && env.APP_ROLE !== 'api') {
    const everyMs = env.INTEGRITY_CHECK_MINUTES * 60_000;
    schedulePeriodicJob(app, {
      name: 'integrity-check',
      everyMs: LOOK_EVERY_MS,
      run: () => checkIntegrityIfDue(database, everyMs),
      failureMessage: 'the recount failed; it runs again at the next look',
    });
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
