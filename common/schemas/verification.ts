import { z } from 'zod';
import { VERIFICATION_CODE_MIN_LENGTH } from '../constants';
import { playerSummarySchema } from './player-profile';
import { emailSchema } from './shared';

export const VERIFICATION_CODE_MESSAGE = `Verification code must be at least ${VERIFICATION_CODE_MIN_LENGTH} characters`;
/** docs/product.md#skill-levels: the answer for an unknown or already-verified e-mail. */
export const VERIFY_NOT_FOUND_MESSAGE = 'Email not found or account already verified';

/** POST /api/verify/request (docs/product.md#verification-rules). */
export const verifyRequestBodySchema = z.strictObject({ email: emailSchema });

/** verificationCode only in DEMO_MODE (docs/product.md#verify-screen). */
export const verifyRequestReplySchema = z.object({
  playerName: z.string(),
  verificationCode: z.string().optional(),
});

/**
 * POST /api/verify/confirm. Codes are read off an e-mail and typed by hand: spaces and dashes are
 * dropped and letters upper-cased before comparing.
 */
export const verifyConfirmBodySchema = z.strictObject({
  email: emailSchema,
  verificationCode: z
    .string({ error: VERIFICATION_CODE_MESSAGE })
    .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(z.string().min(VERIFICATION_CODE_MIN_LENGTH, VERIFICATION_CODE_MESSAGE).max(64, 'Invalid verification code')),
});

export const verifyConfirmReplySchema = z.object({ player: playerSummarySchema });

export type VerifyRequestBody = z.infer<typeof verifyRequestBodySchema>;
export type VerifyRequestReply = z.infer<typeof verifyRequestReplySchema>;
export type VerifyConfirmInput = z.input<typeof verifyConfirmBodySchema>;
export type VerifiedPlayer = z.infer<typeof playerSummarySchema>;
export type VerifyConfirmReply = z.infer<typeof verifyConfirmReplySchema>;
