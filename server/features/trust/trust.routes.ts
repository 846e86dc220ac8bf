import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { errorReplies, errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import {
  raterTrustReplySchema,
  trustFlagsQuerySchema,
  trustFlagsReplySchema,
  trustRecomputeReplySchema,
  trustReviewBodySchema,
  trustReviewReplySchema,
  trustStatusReplySchema,
} from '../../../common/schemas/trust';
import { getRaterTrust, listTrustFlags, reviewTrustFlag } from './trust-flags.service';
import { requestFullRun } from './trust-jobs';
import { startTrustJobs, trustJobsMode } from './trust-runner';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import { releaseAgedBurstHolds } from './burst-holds.service';
import { getTrustStatus } from './trust.service';

const refusals = errorReplies(400, 401, 403);
/** How often a burst's held ratings are checked for accounts now 7 days old (docs/product.md#bursts). */
const BURST_RELEASE_EVERY_MS = 10 * 60_000;
const userIdParamSchema = z.strictObject({ userId: z.uuid({ error: 'User not found' }) });

export const trustRoutes: FeatureRoutes = async (app, { database, env }) => {
  const { db } = database;
  schedulePeriodicJob(app, {
    name: 'burst-release',
    everyMs: BURST_RELEASE_EVERY_MS,
    run: () => releaseAgedBurstHolds(db),
    failureMessage: 'release of held bursts failed; their ratings stay held until the next check',
  });
  const runner = startTrustJobs(app, database, {
    everyMs: env.TRUST_WORKER_SECONDS * 1000,
    fullRunMs: env.TRUST_FULL_RUN_MINUTES * 60_000,
    mode: trustJobsMode(env, database),
  });

  app.get(
    '/api/admin/trust/flags',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listTrustFlags',
        summary: 'Collusion flags with their evidence, by review status (admin)',
        tags: ['trust'],
        querystring: trustFlagsQuerySchema,
        response: { 200: trustFlagsReplySchema, ...refusals },
      },
    },
    async (request) => {
      await app.authorize.requireAdmin(request);
      return listTrustFlags(db, request.query.status);
    },
  );

  app.post(
    '/api/admin/trust/flags/:id/review',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'reviewTrustFlag',
        summary: 'Confirm a flag (its ratings stop counting) or dismiss it (admin)',
        tags: ['trust'],
        params: idParamSchema,
        body: trustReviewBodySchema,
        response: { 200: trustReviewReplySchema, ...refusals, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return reviewTrustFlag(db, request.params.id, admin, request.body);
    },
  );

  app.get(
    '/api/admin/raters/:userId/trust',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'getRaterTrust',
        summary: "A rater's leniency with its 90% interval (admin)",
        tags: ['trust'],
        params: userIdParamSchema,
        response: { 200: raterTrustReplySchema, ...refusals, 404: errorReplySchema },
      },
    },
    async (request) => {
      await app.authorize.requireAdmin(request);
      return getRaterTrust(db, request.params.userId);
    },
  );

  app.post(
    '/api/admin/trust/recompute',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'recomputeTrust',
        summary: 'Queue a full trust computation (or join the one queued or running); follow it in the status (admin)',
        tags: ['trust'],
        response: { 202: trustRecomputeReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const admin = await app.authorize.requireAdmin(request);
      const queued = await requestFullRun(db, admin.userId);
      runner.kick();
      return reply.status(202).send(queued);
    },
  );

  app.get(
    '/api/admin/trust/status',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'getTrustStatus',
        summary: 'The last full run, the model settings in use and the calibration check (admin)',
        tags: ['trust'],
        response: { 200: trustStatusReplySchema, ...refusals },
      },
    },
    async (request) => {
      await app.authorize.requireAdmin(request);
      return getTrustStatus(db, env.TRUST_FULL_RUN_MINUTES * 60_000);
    },
  );
};
