import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { redactSecretParams } from '../common/redact-secrets';
import { TRANSPARENCY_MAX_AGE_SECONDS } from '../common/schemas/transparency';
import { openDatabase, type Database } from './db/client';
import type { App, AppDeps, FeatureRoutes } from './deps';
import type { Env } from './env';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes, BULK_IMPORT_PATH } from './features/admin/admin.routes';
import { anonymityRoutes } from './features/anonymity/anonymity.routes';
import { authRoutes } from './features/auth/auth.routes';
import { claimsRoutes } from './features/claims/claims.routes';
import { gamificationRoutes } from './features/gamification/gamification.routes';
import { healthRoutes } from './features/health/health.routes';
import { helpfulnessRoutes } from './features/helpfulness/helpfulness.routes';
import { leaderboardRoutes } from './features/leaderboard/leaderboard.routes';
import { locationsRoutes } from './features/locations/locations.routes';
import { integrityRoutes } from './features/integrity/integrity.routes';
import { integrityGaugeReading } from './features/integrity/integrity.service';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { playerPagesFrom } from './features/player-page/player-page-html';
import { getTransparencyReport } from './features/transparency/transparency.service';
import { playerPageRoutes } from './features/player-page/player-page.routes';
import { playerMergeRoutes } from './features/players/player-merge.routes';
import { playersRoutes } from './features/players/players.routes';
import { ratingRemovalRoutes } from './features/ratings/rating-removal.routes';
import { ratingsRoutes } from './features/ratings/ratings.routes';
import { appealRoutes } from './features/reports/appeal.routes';
import { decisionViewRoutes } from './features/reports/decision-view.routes';
import { reportRoutes } from './features/reports/report.routes';
import { repliesRoutes } from './features/replies/replies.routes';
import { firstDrawLimit } from './features/seo/first-draws.service';
import { seoRoutes } from './features/seo/seo.routes';
import { transparencyRoutes } from './features/transparency/transparency.routes';
import { trustRoutes } from './features/trust/trust.routes';
import { trustRunHealth } from './features/trust/trust-run-health.service';
import { signupsRoutes } from './features/signups/signups.routes';
import { verificationRoutes } from './features/verification/verification.routes';
import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from './lib/limit-store';
import { createLocalClusterEvents, createPostgresClusterEvents } from './lib/cluster-events';
import { logClientGoneAtDebug } from './lib/client-gone';
import { loggableError } from './lib/db-errors';
import { createMailer, type Mailer } from './lib/mailer';
import { replySerializerCompiler } from './lib/reply-serializer';
import { validatorCompiler } from './lib/validator-compiler';
import { apiDocsPlugin } from './plugins/api-docs';
import { authorizePlugin } from './plugins/authorize';
import { clientPlugin } from './plugins/client';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { requestIdPlugin } from './plugins/request-id';
import {
  clientErrorAnswer,
  frameworkErrorAnswer,
  securityHeaderList,
  securityHeadersPlugin,
} from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';

const features: FeatureRoutes[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  playersRoutes,
  playerPageRoutes,
  playerMergeRoutes,
  claimsRoutes,
  ratingsRoutes,
  ratingRemovalRoutes,
  repliesRoutes,
  transparencyRoutes,
  helpfulnessRoutes,
  gamificationRoutes,
  leaderboardRoutes,
  verificationRoutes,
  moderationRoutes,
  trustRoutes,
  anonymityRoutes,
  adminRoutes,
  signupsRoutes,
  locationsRoutes,
  seoRoutes,
  integrityRoutes,
  reportRoutes,
  decisionViewRoutes,
  appealRoutes,
  notificationsRoutes,
];

export type BuildAppOptions = {
  env: Env;
  /** An open database; when absent one is opened from env (and closed with the app). */
  database?: Database;
  mailer?: Mailer;
  /** Counters shared with another app (tests of several instances); else one is opened from env. */
  limitStore?: LimitStore;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built client from dist/client (off in API tests). */
  serveClient?: boolean;
  /** Where the built client is, when not dist/client (tests of the served pages). */
  clientRoot?: string;
  /** The server-side renderer of signed-out pages (tests: the source, or a path where there is none). */
  ssrEntry?: string;
};

/**
 * No route but the bulk import (its own limit) takes more than a few kilobytes: an anonymous 4 MB body cost
 * about 5 s of parsing and checking here, so the default stays small.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

function trustProxySetting(value: string): FastifyServerOptions['trustProxy'] {
  if (!value) return false;
  if (value === 'true') return true;
  return value.split(',').map((entry) => entry.trim());
}

/**
 * Request log lines carry the URL without its secrets: a reset or confirmation link opened in a browser,
 * or the OpenID Connect callback, would otherwise write a usable token or code into the log.
 */
const requestSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactSecretParams(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  // Errors without the statement parameters and row values Drizzle and PostgreSQL put in their messages.
  err: loggableError,
};

function loggerOptions(env: Env, custom: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (custom === false) return false;
  const base = typeof custom === 'object' ? custom : {};
  return {
    level: env.LOG_LEVEL,
    ...base,
    hooks: { logMethod: logClientGoneAtDebug, ...base.hooks },
    serializers: { ...requestSerializers, ...base.serializers },
  };
}

/** The Content-Security-Policy and the other headers helmet sets; Google Analytics' origins only when it is on. */
function securityHeaderOptions(env: Env): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(env.GA_MEASUREMENT_ID ? ['https://www.googletagmanager.com'] : [])],
        connectSrc: [
          "'self'",
          ...(env.GA_MEASUREMENT_ID ? ['https://*.google-analytics.com', 'https://www.googletagmanager.com'] : []),
        ],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: env.GA_MEASUREMENT_ID ? ['https://www.googletagmanager.com'] : ["'none'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    hsts: env.NODE_ENV === 'production',
  };
}

/** The database, mailer, limit store and cluster events: the caller's when given, else opened here and closed with the app. */
async function openServices(app: App, options: BuildAppOptions) {
  const { env } = options;
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  const mailer = options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });
  const limitStore =
    options.limitStore ?? (env.REDIS_URL ? await createRedisLimitStore(env.REDIS_URL) : createMemoryLimitStore());
  if (!options.limitStore) app.addHook('onClose', () => limitStore.close());
  const clusterEvents =
    database.kind === 'postgres' && database.url
      ? await createPostgresClusterEvents({
          url: database.url,
          db: database.db,
          log: app.log,
        })
      : createLocalClusterEvents();
  app.addHook('onClose', () => clusterEvents.close());
  return { database, mailer, limitStore, clusterEvents };
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env } = options;
  const securityHeaders = securityHeaderOptions(env);
  const fixedSecurityHeaders = securityHeaderList(securityHeaders);
  const app = Fastify({
    logger: loggerOptions(env, options.logger),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Answers written before any hook runs still carry the security headers and the {message} shape.
    frameworkErrors: frameworkErrorAnswer(fixedSecurityHeaders),
    clientErrorHandler: clientErrorAnswer(fixedSecurityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  if (env.TRUST_PROXY === 'true') {
    app.log.warn(
      'TRUST_PROXY=true believes X-Forwarded-For from any address, so any caller can pick its own IP for the rate limits; list your proxies instead (TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
    );
  }
  app.setValidatorCompiler(validatorCompiler({ rowByRow: [BULK_IMPORT_PATH] }));
  app.setSerializerCompiler(replySerializerCompiler({ verify: env.NODE_ENV !== 'production' }));
  // JSON only: a cross-site form can post text/plain without a preflight.
  app.removeContentTypeParser(['text/plain']);

  const { database, mailer, limitStore, clusterEvents } = await openServices(app, options);
  const deps: AppDeps = { env, database, mailer, limitStore };

  await app.register(errorsPlugin);
  // JSON answers over 1 KB leave compressed (brotli at quality 4 costs under a millisecond for 50 KB and cuts a
  // phone's transfer tenfold); the client's files and pages come precompressed and are left as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, securityHeaders);
  await app.register(cookie);
  // The per-address limits share Redis too when it is configured, so instances spend one budget.
  const rateLimitRedis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 2 })
    : undefined;
  if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit()));
  await app.register(rateLimit, { global: false, ...(rateLimitRedis ? { redis: rateLimitRedis } : {}) });
  await app.register(csrfPlugin, { publicUrl: env.PUBLIC_URL });
  await app.register(sessionPlugin, {
    db: database.db,
    secret: env.SESSION_SECRET,
    secure: env.NODE_ENV === 'production',
    cacheMs: env.SESSION_CACHE_SECONDS * 1000,
    events: clusterEvents,
  });
  await app.register(authorizePlugin, { db: database.db });
  await app.register(metricsPlugin, {
    token: env.METRICS_TOKEN,
    database,
    trustRuns: () => trustRunHealth(database.db, env.TRUST_FULL_RUN_MINUTES * 60_000),
    integrity: () => integrityGaugeReading(database.db),
  });
  await app.register(apiDocsPlugin, { secureCookies: env.NODE_ENV === 'production' });

  // A worker instance runs the trust jobs and answers health and metrics only (decision 025).
  for (const feature of env.APP_ROLE === 'worker'
    ? [healthRoutes, trustRoutes, integrityRoutes, notificationsRoutes]
    : features) {
    await app.register(async (scope) => feature(scope as unknown as App, deps));
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(clientPlugin, {
    serveClient: options.serveClient ?? false,
    env,
    root: options.clientRoot,
    ssrEntry: options.ssrEntry,
    playerPages: playerPagesFrom(database.db, env, app.log, firstDrawLimit(limitStore, env.FIRST_DRAWS_PER_MINUTE)),
    transparency: {
      report: () => getTransparencyReport(database.db),
      maxAgeMs: TRANSPARENCY_MAX_AGE_SECONDS * 1000,
    },
  });
  return app;
}
