import { z } from 'zod';
import { MATCH_REQUEST_STATUSES } from '../constants';
import { emailSchema, optionalText } from './shared';

export const CLAIM_NAME_MAX = 100;
export const CLAIM_CITY_MAX = 100;
export const CLAIM_STATE_MAX = 50;
export const CLAIM_MESSAGE_MAX = 1_000;
export const REVIEW_NOTES_MAX = 1_000;
/** The admin list answers at most this many requests, newest first; `total` says how many there are. */
export const MATCH_REQUESTS_LIMIT = 500;

/** docs/product.md#claim-dialog: "Missing information" names the field that is missing. */
const missing = (label: string) => `Missing information: ${label} is required`;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: missing(label) })
    .trim()
    .min(1, missing(label))
    .max(max, `${label.charAt(0).toUpperCase()}${label.slice(1)} must be at most ${max} characters`);

/** POST /api/players/:playerId/match-request (docs/product.md#claim-dialog). */
export const claimBodySchema = z.strictObject({
  firstName: requiredText('first name', CLAIM_NAME_MAX),
  lastName: requiredText('last name', CLAIM_NAME_MAX),
  email: z
    .string({ error: missing('email') })
    .trim()
    .min(1, missing('email'))
    .pipe(emailSchema),
  city: requiredText('city', CLAIM_CITY_MAX),
  state: requiredText('state', CLAIM_STATE_MAX),
  zip: z
    .string({ error: missing('zip') })
    .trim()
    .min(1, missing('zip'))
    .regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits'),
  requestMessage: optionalText(CLAIM_MESSAGE_MAX),
});

export const claimParamsSchema = z.strictObject({
  playerId: z.coerce.number().int().positive().max(2_147_483_647),
});

const matchRequestStatusSchema = z.enum(MATCH_REQUEST_STATUSES, {
  error: `Status must be one of ${MATCH_REQUEST_STATUSES.join(', ')}`,
});

/** A claim as its claimant sees it right after sending it. */
export const matchRequestSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  playerId: z.number().int(),
  status: matchRequestStatusSchema,
  requestMessage: z.string().nullable(),
  claimantFirstName: z.string(),
  claimantLastName: z.string(),
  claimantEmail: z.string(),
  claimantCity: z.string(),
  claimantState: z.string(),
  claimantZip: z.string(),
  createdAt: z.iso.datetime(),
});

export const claimReplySchema = z.object({ request: matchRequestSchema });

/** GET /api/admin/match-requests?status= ; without status, every request. */
export const matchRequestsQuerySchema = z.strictObject({
  status: matchRequestStatusSchema.optional(),
});

/** Match Requests as the admin list shows them (docs/product.md#admin-screens). */
export const adminMatchRequestSchema = matchRequestSchema.extend({
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  userEmail: z.string(),
  playerFirstName: z.string(),
  playerLastName: z.string(),
  playerEmail: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedByLabel: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  reviewNotes: z.string().nullable(),
  withdrawnAt: z.iso.datetime().nullable(),
});

export const matchRequestsReplySchema = z.object({
  requests: z.array(adminMatchRequestSchema),
  total: z.number().int(),
});

export const reviewParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** POST /api/admin/match-requests/:id/review (docs/product.md#claim-rules: approve or deny, with notes). */
export const reviewBodySchema = z.strictObject({
  action: z.enum(['approve', 'deny'], { error: 'Action must be approve or deny' }),
  reviewNotes: optionalText(REVIEW_NOTES_MAX),
});

export const reviewReplySchema = z.object({
  message: z.string(),
  request: adminMatchRequestSchema,
});

/**
 * The caller's own claim as the Player Registration tab shows it: the player (name and place), when it was sent
 * and its status. GET /api/auth/user/match-request answers the pending one, or null.
 */
export const ownClaimSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  playerFirstName: z.string(),
  playerLastName: z.string(),
  playerLocation: z.string(),
  status: matchRequestStatusSchema,
  requestMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const ownClaimReplySchema = z.object({ request: ownClaimSchema.nullable() });

/** POST /api/match-requests/:id/withdraw: the claimant takes a pending claim back (decision 008). */
export const withdrawParamsSchema = reviewParamsSchema;
export const withdrawReplySchema = z.object({ request: ownClaimSchema });

export type ClaimInput = z.input<typeof claimBodySchema>;
export type OwnClaim = z.infer<typeof ownClaimSchema>;
export type OwnClaimReply = z.infer<typeof ownClaimReplySchema>;
export type WithdrawReply = z.infer<typeof withdrawReplySchema>;
export type ClaimBody = z.infer<typeof claimBodySchema>;
export type ClaimReply = z.infer<typeof claimReplySchema>;
export type AdminMatchRequest = z.infer<typeof adminMatchRequestSchema>;
export type MatchRequestsReply = z.infer<typeof matchRequestsReplySchema>;
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export type ReviewReply = z.infer<typeof reviewReplySchema>;
