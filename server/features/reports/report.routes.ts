import type { FeatureRoutes } from '../../deps';
import {
  decideReportBodySchema,
  decideReportReplySchema,
  ratingIdParamSchema,
  reportQueueQuerySchema,
  reportQueueReplySchema,
  reportRatingBodySchema,
  reportReplySchema,
} from '../../../common/schemas/reports';
import { NEXT_CURSOR_HEADER, errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { decideReport } from './decision.service';
import { getReportQueue } from './report-queue.service';
import { fileReport } from './report.service';

/** docs/product.md#reports-and-decisions: members report a rating; admins decide, with a statement of reasons. */
export const reportRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.post(
    '/api/ratings/:id/reports',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'reportRating',
        summary: 'Report a rating that breaks a rule (any confirmed member but its rater)',
        tags: ['reports'],
        params: idParamSchema,
        body: reportRatingBodySchema,
        response: { 201: reportReplySchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireConfirmedActor(request);
      const report = await fileReport(db, request.params.id, actor, request.body, (seconds) => {
        void reply.header('retry-after', String(seconds));
      });
      return reply.status(201).send(report);
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listReports',
        summary: 'Reported ratings, one entry per rating: open, or the latest decisions a page at a time (admin)',
        tags: ['reports'],
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueueReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await app.authorize.requireAdmin(request);
      const page = await getReportQueue(db, request.query);
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.reply;
    },
  );

  app.post(
    '/api/admin/reports/:ratingId/decision',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'decideReport',
        summary: 'Decide on a reported rating: keep it, hide its comments or remove it, with a statement (admin)',
        tags: ['reports'],
        params: ratingIdParamSchema,
        body: decideReportBodySchema,
        response: { 200: decideReportReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return { decision: await decideReport(db, request.params.ratingId, request.body, admin) };
    },
  );
};
