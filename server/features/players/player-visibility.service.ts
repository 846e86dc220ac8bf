import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicLocation } from '../../../common/player-path';
import { MEMBERS_ONLY_CONFIRM_MESSAGE, MEMBERS_ONLY_MESSAGE } from '../../../common/schemas/player-page';
import type { PlayerVisibility } from '../../../common/schemas/players';
import { AppError } from '../../lib/app-error';

/**
 * Who reads a player (docs/product.md#visibility): their user id and e-mail when signed in, whether that e-mail is
 * confirmed, and whether they hold any admin identity (an admin token has no user).
 */
export type PlayerViewer = { userId: string | null; email: string | null; confirmed: boolean; isAdmin: boolean };

export const SIGNED_OUT: PlayerViewer = { userId: null, email: null, confirmed: false, isAdmin: false };

/** The caller of a request as a player's reader: one guard decides (plugins/authorize). */
export async function playerViewerOf(app: FastifyInstance, request: FastifyRequest): Promise<PlayerViewer> {
  const actor = await app.authorize.optionalActor(request);
  return {
    userId: actor?.user.id ?? null,
    email: actor?.user.email ?? null,
    confirmed: await app.authorize.isConfirmed(request),
    isAdmin: await app.authorize.isAdmin(request),
  };
}

type Owned = { userId: string | null };

/** Only a linked player chooses who sees the page; an unlinked one is public (docs/product.md#visibility). */
export const isMembersOnly = (player: Owned & { visibility: PlayerVisibility }) =>
  player.userId !== null && player.visibility === 'members';

/** The player's own user, or an admin: they see the player as stored, full location included. */
export const isOwnerOrAdmin = (player: Owned, viewer: PlayerViewer) =>
  viewer.isAdmin || (viewer.userId !== null && player.userId === viewer.userId);

/** A members-only player is seen in full by signed-in members whose e-mail is confirmed, its owner and admins. */
export const seesInFull = (player: Owned & { visibility: PlayerVisibility }, viewer: PlayerViewer) =>
  !isMembersOnly(player) || isOwnerOrAdmin(player, viewer) || (viewer.userId !== null && viewer.confirmed);

/**
 * The page's "sign in" answer for a members-only player the caller may not see: 401 when not signed in, 403 for an
 * account whose e-mail is not confirmed yet; both `members_only`, which the player page turns into its sign-in prompt.
 */
export function refuseUnlessSeen(player: Owned & { visibility: PlayerVisibility }, viewer: PlayerViewer) {
  if (seesInFull(player, viewer)) return;
  if (viewer.userId === null) throw new AppError(401, MEMBERS_ONLY_MESSAGE, 'members_only');
  throw new AppError(403, MEMBERS_ONLY_CONFIRM_MESSAGE, 'members_only');
}

/**
 * A player's `location` as this viewer gets it (docs/product.md#places): as stored for the owner and admins; city and
 * state only for anyone else, never a street or a ZIP a bulk import's free text may hold.
 */
export const locationFor = (player: Owned & { location: string }, viewer: PlayerViewer) =>
  isOwnerOrAdmin(player, viewer) ? player.location : publicLocation(player.location);
