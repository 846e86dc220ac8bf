import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Env } from './env';
import type { LimitStore } from './lib/limit-store';
import type { Mailer } from './lib/mailer';

/** What every feature is handed when it registers. */
export type AppDeps = {
  env: Env;
  database: Database;
  mailer: Mailer;
  /** Rate-limit and lock-out counters (Redis with REDIS_URL, else bounded memory). */
  limitStore: LimitStore;
};

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature's routes: registered under the app with its dependencies. */
export type FeatureRoutes = (app: App, deps: AppDeps) => Promise<void>;
