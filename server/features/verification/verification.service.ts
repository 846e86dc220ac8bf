import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/index';
import {
  VERIFY_NOT_FOUND_MESSAGE,
  type VerifyConfirmReply,
  type VerifyRequestReply,
} from '../../../common/schemas/verification';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { Mailer } from '../../lib/mailer';
import { newVerificationCode, safeEqual, sha256 } from '../../lib/tokens';
import type { Actor } from '../../plugins/authorize';
import { ALREADY_HAS_PLAYER, findPlayerByEmail, findPlayerIdOfUser } from '../players/players.service';
import { countWrongAttempt, markVerified, storeVerificationCode } from './verification.repo';

/** docs/product.md#verification-rules: a code is valid 15 minutes and allows 5 wrong tries, then it is void. */
export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;

export const INVALID_CODE = 'Invalid verification code';
export const CODE_EXPIRED = 'Verification code has expired';
export const CODE_VOID = 'Too many wrong attempts. Please request a new verification code.';

export type VerificationDeps = { mailer: Mailer; demoMode: boolean; log: FastifyBaseLogger };

/**
 * Verify step 1 (docs/product.md#verify-screen): mails a fresh code to the player's own address. 8 characters from a 31-letter
 * alphabet (about 39.6 bits); only its SHA-256 is stored. The code is in the answer in DEMO_MODE only.
 */
export async function requestVerification(db: Db, deps: VerificationDeps, email: string): Promise<VerifyRequestReply> {
  const player = await findPlayerByEmail(db, email);
  if (!player || player.isVerified) throw notFound(VERIFY_NOT_FOUND_MESSAGE, 'verification_not_found');
  const code = newVerificationCode();
  const stored = await storeVerificationCode(db, player.id, sha256(code), new Date(Date.now() + CODE_TTL_MS));
  if (!stored) throw notFound(VERIFY_NOT_FOUND_MESSAGE, 'verification_not_found');
  try {
    await deps.mailer.send({
      to: player.email,
      subject: 'Your Pickleball Ratings verification code',
      text: [
        `Hello ${player.firstName},`,
        '',
        `Your verification code is ${code}. It is valid for 15 minutes.`,
        '',
        'If you did not ask for this, you can ignore this e-mail.',
      ].join('\n'),
    });
  } catch (err) {
    deps.log.error({ err }, 'verification mail failed');
    throw new AppError(503, 'Could not send the verification e-mail. Please try again.', 'verification_mail_failed');
  }
  return {
    playerName: `${player.firstName} ${player.lastName}`,
    ...(deps.demoMode ? { verificationCode: code } : {}),
  };
}

type Outcome = { kind: 'verified'; player: PlayerRow } | { kind: 'refused'; error: AppError };

/**
 * Verify step 2 (docs/product.md#verify-screen). The player row is locked while the code is checked, so parallel guesses are
 * counted one by one; a wrong guess is committed before the refusal is answered.
 */
export async function confirmVerification(
  db: Db,
  input: { email: string; verificationCode: string },
  actor: Actor | null,
): Promise<VerifyConfirmReply> {
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const player = await findPlayerByEmail(tx, input.email, { forUpdate: true });
      if (!player || player.isVerified) throw notFound(VERIFY_NOT_FOUND_MESSAGE, 'verification_not_found');
      if (!player.verificationToken || !player.verificationExpires)
        throw badRequest(INVALID_CODE, 'verification_code_invalid');
      if (player.verificationAttempts >= MAX_WRONG_ATTEMPTS) throw badRequest(CODE_VOID, 'verification_code_void');
      if (player.verificationExpires.getTime() <= Date.now())
        throw badRequest(CODE_EXPIRED, 'verification_code_expired');
      if (!safeEqual(sha256(input.verificationCode), player.verificationToken)) {
        await countWrongAttempt(tx, player.id);
        return { kind: 'refused', error: badRequest(INVALID_CODE, 'verification_code_invalid') };
      }
      // Proof of the player's inbox: the signed-in caller gets the player when neither is linked yet.
      const link =
        actor && !player.userId && (await findPlayerIdOfUser(tx, actor.user.id)) === null ? actor.user.id : null;
      const verified = await markVerified(tx, player.id, link);
      return { kind: 'verified', player: verified };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(ALREADY_HAS_PLAYER, 'already_has_player');
    throw error;
  }
  if (outcome.kind === 'refused') throw outcome.error;
  const { player } = outcome;
  return {
    player: {
      id: player.id,
      firstName: player.firstName,
      lastName: player.lastName,
      location: player.location,
      skillLevel: player.skillLevel,
      isVerified: player.isVerified,
    },
  };
}
