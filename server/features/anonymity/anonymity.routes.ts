import type { App, FeatureRoutes } from '../../deps';
import type { Db } from '../../db/client';
import type { AnonymityCadence } from '../../../common/anonymity';
import { anonymityReleaseReplySchema, anonymityStatusReplySchema } from '../../../common/schemas/anonymity';
import { errorReplySchema } from '../../../common/schemas/shared';
import { recordJobRun } from '../../lib/metrics';
import { getAnonymityStatus, releaseAnonymousRatings, releaseIfDue } from './anonymity.service';

const refusals = { 401: errorReplySchema, 403: errorReplySchema };
/** How often each instance checks whether a period ended; the release itself runs once (its lock and record). */
const CHECK_EVERY_MS = 60_000;

/** Checks on start and every minute; a failure is logged and shows as an overdue job in /metrics. */
function scheduleReleases(app: App, db: Db, cadence: AnonymityCadence) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await releaseIfDue(db, new Date(), cadence);
      recordJobRun('anonymity-release');
    } catch (err) {
      app.log.warn({ err }, 'release of anonymous ratings failed; they wait for the next check');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    const deadline = Date.now() + 5000;
    while (running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

export const anonymityRoutes: FeatureRoutes = async (app, { database, env }) => {
  const { db } = database;
  const cadence = env.ANONYMITY_RELEASE;
  scheduleReleases(app, db, cadence);

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
