import type { FeatureRoutes } from '../../deps';
import { TRANSPARENCY_MAX_AGE_SECONDS, transparencyReportSchema } from '../../../common/schemas/transparency';
import { getTransparencyReport } from './transparency.service';

/** Anyone may read it; a few minutes old is fine, so shared caches and browsers keep it briefly. */
const TRANSPARENCY_CACHE = `public, max-age=${TRANSPARENCY_MAX_AGE_SECONDS}`;

export const transparencyRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/transparency',
    {
      schema: {
        operationId: 'getTransparencyReport',
        summary: 'What moderation did, per calendar month (UTC): reports, decisions, appeals, holds, flags, removals',
        tags: ['transparency'],
        response: { 200: transparencyReportSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', TRANSPARENCY_CACHE);
      return getTransparencyReport(db);
    },
  );
};
