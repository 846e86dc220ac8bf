import { z } from 'zod';
import { BULK_IMPORT_DEFAULTS, SKILL_LEVELS, YEARS_PLAYING } from '../constants';
import { playerProfileSchema } from './player-profile';
import { emailSchema, pageQuerySchema } from './shared';

export const ADMIN_QUERY_MAX = 200;

/** ?q= on the admin lists: optional, trimmed; empty means no filter. */
export const adminListQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(ADMIN_QUERY_MAX, `q must be at most ${ADMIN_QUERY_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
});

/** The one order of the admin lists: they hold no stars, and search narrows them. */
export const ADMIN_LIST_SORTS = ['newest'] as const;

/**
 * The admin lists' parameters: q, and a page of `limit` rows (1-100, default 50) after `cursor`, newest first
 * (by creation). `sort=highest|lowest` has no meaning on these lists and is refused with 400 rather than
 * quietly answering another order. The next page's cursor comes in x-next-cursor; `total` counts every match.
 */
export const adminPageQuerySchema = adminListQuerySchema.extend({
  limit: pageQuerySchema.shape.limit,
  sort: z.enum(ADMIN_LIST_SORTS, { error: 'sort must be newest: admin lists are read newest first' }).default('newest'),
  cursor: pageQuerySchema.shape.cursor,
});

/** User Management (docs/product.md#admin-screens): never any password, reset-token or third-party id field. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  authProvider: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const adminUsersReplySchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
});

/** Player List (docs/product.md#admin-screens) (admins see e-mails; the verification code hash never leaves). */
export const adminPlayerSchema = playerProfileSchema.extend({
  email: z.string(),
  importedBy: z.string().nullable(),
  ratingCount: z.number().int(),
});

export const adminPlayersReplySchema = z.object({
  players: z.array(adminPlayerSchema),
  total: z.number().int(),
});

/** Email Signups (docs/product.md#admin-screens). */
export const emailSignupSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: z.iso.datetime(),
});

export const emailSignupsReplySchema = z.object({
  emailSignups: z.array(emailSignupSchema),
  total: z.number().int(),
});

// ---- Bulk import (docs/product.md#bulk-import-rules, docs/product.md#admin-calls POST /api/players/bulk) ----

export const BULK_IMPORT_MAX_ROWS = 5_000;
export const BULK_NAME_MAX = 100;
export const BULK_LOCATION_MAX = 200;
export const BULK_BIO_MAX = 2_000;
export const BULK_DUPLICATE_REASON = 'Email already exists';

const SKILL_LEVEL_MESSAGE = `Skill level must be one of ${SKILL_LEVELS.join(', ')}`;
const YEARS_PLAYING_MESSAGE = `Years playing must be one of ${YEARS_PLAYING.join(', ')}`;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(BULK_NAME_MAX, `${label} must be at most ${BULK_NAME_MAX} characters`);

/** CSV cells arrive as text: "3" and 3 both mean "3.0"; absent means the docs/product.md#limits-and-timings default. */
const skillLevelSchema = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string' && typeof blank !== 'number') return blank;
    const number = Number(blank);
    return Number.isFinite(number) && String(blank).trim() !== '' ? number.toFixed(1) : blank;
  },
  z.enum(SKILL_LEVELS, { error: SKILL_LEVEL_MESSAGE }).default(BULK_IMPORT_DEFAULTS.skillLevel),
);

/**
 * One row of a bulk import. Rows are validated one by one on the server, so a bad row is reported
 * with its number and never fails the batch (docs/product.md#bulk-import-rules). Missing optional fields take the docs/product.md#messages defaults.
 */
export const bulkPlayerRowSchema = z.strictObject(
  {
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    email: emailSchema,
    skillLevel: skillLevelSchema,
    yearsPlaying: z.preprocess(
      blankToUndefined,
      z.enum(YEARS_PLAYING, { error: YEARS_PLAYING_MESSAGE }).default(BULK_IMPORT_DEFAULTS.yearsPlaying),
    ),
    location: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Location must be text' })
        .trim()
        .max(BULK_LOCATION_MAX, `Location must be at most ${BULK_LOCATION_MAX} characters`)
        .default(BULK_IMPORT_DEFAULTS.location),
    ),
    bio: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Bio must be text' })
        .trim()
        .max(BULK_BIO_MAX, `Bio must be at most ${BULK_BIO_MAX} characters`)
        .default(BULK_IMPORT_DEFAULTS.bio),
    ),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      }
      return 'Each player must be an object with firstName, lastName and email';
    },
  },
);

/** The body only bounds the batch; each row is checked on its own by the service. */
export const bulkImportBodySchema = z.strictObject({
  players: z
    .array(z.unknown(), { error: 'players must be a list' })
    .min(1, 'No players to import')
    .max(BULK_IMPORT_MAX_ROWS, `At most ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} players per import`),
});

export const bulkImportReplySchema = z.object({
  results: z.object({
    created: z.array(z.object({ name: z.string(), email: z.string() })),
    skipped: z.array(z.object({ name: z.string(), email: z.string(), reason: z.string() })),
    errors: z.array(z.object({ error: z.string() })),
  }),
  message: z.string(),
});

export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUsersReply = z.infer<typeof adminUsersReplySchema>;
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;
export type AdminPlayersReply = z.infer<typeof adminPlayersReplySchema>;
export type EmailSignup = z.infer<typeof emailSignupSchema>;
export type EmailSignupsReply = z.infer<typeof emailSignupsReplySchema>;
export type BulkPlayerRowInput = z.input<typeof bulkPlayerRowSchema>;
export type BulkPlayerRow = z.infer<typeof bulkPlayerRowSchema>;
export type BulkImportReply = z.infer<typeof bulkImportReplySchema>;
