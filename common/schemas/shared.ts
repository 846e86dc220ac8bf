import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, STAR_MAX, STAR_MIN } from '../constants';
import { ERROR_CODE_LIST } from '../error-codes';

/** docs/product.md#validation-messages: "Please enter a valid email address". Trimmed; compared case-insensitively by the database. */
export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** docs/product.md#password-rules, with their exact messages. */
export const passwordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

/** A whole star, 1-5 (docs/product.md#limits-and-timings). */
export const starSchema = z.number().int('Ratings are whole stars from 1 to 5').min(STAR_MIN).max(STAR_MAX);

/** A serial id: above the PostgreSQL integer range it could only fail in the database (500). */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamSchema = z.strictObject({ id: idSchema });

/** One of the stable codes of common/error-codes.ts, which programs branch on. */
export const errorCodeSchema = z.enum(ERROR_CODE_LIST);

/** The body of every error answer (docs/product.md#error-answers): a message for people and a code for programs. */
export const errorReplySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A route's error answers by status, for its response schema: `{ 200: reply, ...errorReplies(401, 404) }`. */
export function errorReplies<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<
    Status,
    typeof errorReplySchema
  >;
}

/** Optional free text: trimmed, empty means absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** The orders a long list can be read in: newest first, or by the rating's overall stars. */
export const LIST_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** The page size when a list call is given no `limit`. */
export const DEFAULT_PAGE_SIZE = 50;
/** The answer header that carries the next page's cursor; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * Paging parameters of the list calls that answer arrays (docs/product.md#paging: calls keep their arrays; the next page's cursor
 * travels in the `x-next-cursor` header). The cursor is opaque to callers: made and read by the server.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1-100')
    .max(100, 'limit must be 1-100')
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(', ')}` }).default('newest'),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});
