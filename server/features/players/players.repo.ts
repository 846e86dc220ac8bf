import type { Executor } from '../../db/client';
import { players } from '../../db/schema/index';
import { normalizeForSearch } from '../../../common/text';

export type NewPlayer = {
  firstName: string;
  lastName: string;
  email: string;
  skillLevel: string;
  yearsPlaying?: string | null;
  location: string;
  bio?: string | null;
  userId?: string | null;
  isVerified?: boolean;
  importedBy?: string | null;
};

/** The search columns every insert and name/location update must keep in step. */
export function searchColumns(player: { firstName: string; lastName: string; location: string }) {
  return {
    searchName: normalizeForSearch(`${player.firstName} ${player.lastName}`),
    searchLocation: normalizeForSearch(player.location),
  };
}

export async function insertPlayer(db: Executor, player: NewPlayer) {
  const [row] = await db
    .insert(players)
    .values({ ...player, ...searchColumns(player) })
    .returning();
  return row;
}

/** Inserts many players; rows whose e-mail already exists are left out of the result (not an error). */
export async function insertPlayersSkippingDuplicates(db: Executor, rows: NewPlayer[]) {
  if (rows.length === 0) return [];
  return db
    .insert(players)
    .values(rows.map((row) => ({ ...row, ...searchColumns(row) })))
    .onConflictDoNothing()
    .returning({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email });
}
