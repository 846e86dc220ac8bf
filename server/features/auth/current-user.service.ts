import type { Db } from '../../db/client';
import type { PlayerRow, UserRow } from '../../db/schema/index';
import type { CurrentUser, LinkedPlayer } from '../../../common/schemas/auth';
import { notFound } from '../../lib/app-error';
import { findPlayerOfUser } from './current-user.repo';

/** §3 "Current user as returned to the client": only these fields ever leave the server. */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    authProvider: user.authProvider as CurrentUser['authProvider'],
    profileImageUrl: user.profileImageUrl,
    emailConfirmed: user.emailVerified || user.authProvider === 'developer',
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

function toLinkedPlayer(player: PlayerRow): LinkedPlayer {
  return {
    id: player.id,
    userId: player.userId,
    firstName: player.firstName,
    lastName: player.lastName,
    email: player.email,
    skillLevel: player.skillLevel,
    yearsPlaying: player.yearsPlaying,
    location: player.location,
    bio: player.bio,
    isVerified: player.isVerified,
    createdAt: player.createdAt.toISOString(),
  };
}

export async function linkedPlayerOf(db: Db, userId: string): Promise<{ player: LinkedPlayer }> {
  const player = await findPlayerOfUser(db, userId);
  if (!player) throw notFound('No player profile is linked to your account');
  return { player: toLinkedPlayer(player) };
}
