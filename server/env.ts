import { randomBytes } from 'node:crypto';
import { ANONYMITY_CADENCES } from '../common/anonymity';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { estimatedRandomBits, MIN_SECRET_BITS } from './lib/secret-strength';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const devUserSchema = z.object({
  userId: z.string().min(1),
  password: z.string().min(1),
  userType: z.enum(['admin']).optional(),
});
export type DevUser = z.infer<typeof devUserSchema>;

/** `id:password[:admin]`, comma-separated. */
function parseDevUsers(raw: string): DevUser[] {
  if (!raw.trim()) return [];
  return raw.split(',').map((entry) => {
    const [userId, password, userType, ...rest] = entry.trim().split(':');
    if (rest.length > 0 || (userType !== undefined && userType !== 'admin')) {
      throw new Error(`DEV_USERS entry "${userId ?? ''}" must be id:password or id:password:admin`);
    }
    return devUserSchema.parse({ userId, password, userType });
  });
}

const RANDOM_SECRET_HINT = 'generate one with `openssl rand -base64 32`';

/**
 * Production refuses what would publish or weaken a secret: DEMO_MODE shows the admin key on the admin
 * form and returns codes and links in answers; a guessable ADMIN_KEY or SESSION_SECRET is an open door.
 */
function refuseUnsafeProductionSettings(
  raw: { DEMO_MODE: boolean; ADMIN_KEY?: string; SESSION_SECRET?: string; METRICS_TOKEN?: string },
  ctx: z.RefinementCtx,
) {
  if (raw.DEMO_MODE) {
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_MODE'],
      message: 'DEMO_MODE=true is refused with NODE_ENV=production (it publishes the admin key)',
    });
  }
  for (const name of ['ADMIN_KEY', 'SESSION_SECRET', 'METRICS_TOKEN'] as const) {
    const value = raw[name];
    if (value && estimatedRandomBits(value) < MIN_SECRET_BITS) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is too guessable for production (under ${MIN_SECRET_BITS} bits: too short, or a sequence, keyboard walk, repeat or common word): ${RANDOM_SECRET_HINT}`,
      });
    }
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    /** Redis for what instances share (rate-limit and lock-out counters); unset keeps them in this process. */
    REDIS_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    /** Unset: required in production; in development the address this server listens on (see below). */
    PUBLIC_URL: z.string().url().optional(),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_KEY: z.string().min(12, 'ADMIN_KEY must be at least 12 characters').optional(),
    DEV_USERS: z.string().default(''),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Pickleball Ratings <no-reply@pickleball-ratings.local>'),
    DEMO_MODE: booleanFlag,
    /** `none` skips the demo world a development start adds to an empty embedded database (server/db/seed/demo-world.ts). */
    SEED: z.enum(['demo', 'none']).default('demo'),
    /** Registers the reference routes /api/bench/* that `npm run bench` measures against. */
    BENCH_ROUTES: booleanFlag,
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'GA_MEASUREMENT_ID looks like G-XXXXXXX')
      .optional(),
    TRUST_PROXY: z.string().default(''),
    /**
     * Only when LEADERBOARD_REFRESH_SECONDS is 0: how long an instance reuses a board it computed (0 = none). Stored
     * boards need no such cache: each request checks the stored version; see leaderboard.service.ts.
     */
    LEADERBOARD_CACHE_SECONDS: z.coerce.number().min(0).max(600).default(2),
    /**
     * The most often a changed leaderboard is brought up to date from the raters marked since, once for all
     * instances (0 = computed per request).
     */
    LEADERBOARD_REFRESH_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /**
     * How often anonymous ratings are released to everyone, all of a period's together (docs/product.md#anonymity):
     * weekly (Monday 00:00 UTC) by default; daily suits a busy site.
     */
    ANONYMITY_RELEASE: z.enum(ANONYMITY_CADENCES).default('weekly'),
    /**
     * How many player pages and preview images one address may have drawn anew per minute (kept ones are free); beyond
     * it, the page's facts and the site's picture (docs/product.md#first-draws). 0 turns the limit off.
     */
    FIRST_DRAWS_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(20),
    /** How long an instance answers a sitemap it drew before drawing it again (0 = drawn on every request). */
    SITEMAP_KEEP_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
    /** How often each instance looks for players whose skill estimate is stale (0 = the trust worker is off). */
    TRUST_WORKER_SECONDS: z.coerce.number().min(0).max(60).default(2),
    /** How often the full trust computation (leniency, model settings, collusion checks) runs for the cluster. */
    TRUST_FULL_RUN_MINUTES: z.coerce.number().min(1).max(1440).default(60),
    /**
     * How often the recount checks every derived figure against the rows (docs/architecture.md#the-recount), for the
     * cluster: one instance runs it. 0 turns the schedule off (an admin can still run it).
     */
    INTEGRITY_CHECK_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
    /** How often the notification e-mail outbox looks for pending notices (notify() also wakes it); 0 turns it off. */
    NOTIFICATION_EMAIL_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    /**
     * What this instance runs: `all` (requests and the background jobs: one machine), `api` (requests only) or
     * `worker` (the trust jobs only, and the health routes). With several instances, run one `worker` and the rest
     * `api`; the jobs take a lease, so two `all` instances are safe too (decision 025).
     */
    APP_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    /** How long an instance reuses a session it read (0 = read every request); see plugins/session.ts. */
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token that reads GET /metrics (admins may too); unset turns the metrics off. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  })
  .transform((raw, ctx) => {
    let devUsers: DevUser[] = [];
    try {
      devUsers = parseDevUsers(raw.DEV_USERS);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['DEV_USERS'], message: (error as Error).message });
    }
    if (raw.NODE_ENV === 'production' && !raw.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required when NODE_ENV=production',
      });
    }
    if (raw.NODE_ENV === 'production') refuseUnsafeProductionSettings(raw, ctx);
    if (raw.NODE_ENV === 'production' && !raw.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL is required when NODE_ENV=production: the public https origin people open (links in e-mail, the sign-in redirect and the cross-site check use it)',
      });
    }
    if (Boolean(raw.ADMIN_EMAIL) !== Boolean(raw.ADMIN_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_KEY'], message: 'set ADMIN_EMAIL and ADMIN_KEY together' });
    }
    // Development: the address this server listens on, so a changed PORT needs nothing else (the forms' origin
    // check, links in e-mail and Share all follow it).
    return { ...raw, PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`, devUsers };
  });

export type Env = z.output<typeof envSchema> & { SESSION_SECRET: string };

/** Empty strings count as unset, so `FOO=` in a shell behaves like no FOO. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

/** A stable secret for development, kept beside the embedded database. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: NodeJS.ProcessEnv | Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const secret =
    env.SESSION_SECRET ??
    (env.NODE_ENV === 'test' ? randomBytes(32).toString('base64url') : localSessionSecret(env.DATA_DIR));
  return { ...env, SESSION_SECRET: secret };
}

/** Reads process.env once; prints a clear message and exits on a bad value. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
