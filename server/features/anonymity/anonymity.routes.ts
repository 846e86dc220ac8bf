import type { FeatureRoutes } from '../../deps';
import { anonymityReleaseReplySchema, anonymityStatusReplySchema } from '../../../common/schemas/anonymity';
import { errorReplies } from '../../../common/schemas/shared';
import { schedulePeriodicJob } from '../../lib/periodic-job';
import { getAnonymityStatus, releaseAnonymousRatings, releaseIfDue } from './anonymity.service';

const refusals = errorReplies(401, 403);
/**
 * How often each instance checks whether a period ended (on start, then every minute); the release itself runs
 * once (its lock and record). A failure is logged and shows as an overdue job in /metrics.
 */
const CHECK_EVERY_MS = 60_000;

export const anonymityRoutes: FeatureRoutes = async (app, { database, env }) => {
  const { db } = database;
  const cadence = env.ANONYMITY_RELEASE;
  schedulePeriodicJob(app, {
    name: 'anonymity-release',
    everyMs: CHECK_EVERY_MS,
    run: () => releaseIfDue(db, new Date(), cadence),
    failureMessage: 'release of anonymous ratings failed; they wait for the next check',
  });

  app.post(
    '/api/admin/anonymity/release',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'releaseAnonymousRatings',
        summary: 'Release the anonymous ratings, edits and votes waiting now, if at least 3 raters are in them (admin)',
        tags: ['anonymity'],
        response: { 200: anonymityReleaseReplySchema, ...refusals },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return releaseAnonymousRatings(db, { now: new Date(), cadence, ranBy: admin.label });
    },
  );

  app.get(
    '/api/admin/anonymity',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'getAnonymityStatus',
        summary: 'The release schedule of anonymous ratings and its last release (admin)',
        tags: ['anonymity'],
        response: { 200: anonymityStatusReplySchema, ...refusals },
      },
    },
    async (request) => {
      await app.authorize.requireAdmin(request);
      return getAnonymityStatus(db, new Date(), cadence);
    },
  );
};
