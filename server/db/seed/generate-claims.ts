import { createCsvTable } from './csv';
import type { Player } from './generate-players';
import type { User } from './generate-users';
import { DAY_MS, iso } from './people';
import type { Random } from './random';

type ClaimStatus = 'pending' | 'approved' | 'denied';

/** Half the claims pending, then approved and denied: an approved one is the link its user has. */
function claimPicker(users: User[], players: Player[], random: Random) {
  const linked = players.filter((player) => player.userIndex >= 0);
  const unlinked = players.filter((player) => player.userIndex < 0);
  const claimants = users.filter((user) => !user.isAdmin && user.playerIndex < 0);
  return (): { user: User; player: Player; status: ClaimStatus } | null => {
    const roll = random.next();
    const status = roll < 0.5 ? 'pending' : roll < 0.8 ? 'approved' : 'denied';
    if (status === 'approved' && linked.length > 0) {
      const player = random.pick(linked);
      return { user: users[player.userIndex], player, status };
    }
    if (claimants.length === 0 || unlinked.length === 0) return null;
    return { user: random.pick(claimants), player: random.pick(unlinked), status };
  };
}

/** A few claims: approved ones are the links they made, pending and denied ones target unlinked players. */
export function claimsTable(users: User[], players: Player[], random: Random, now: number, admin: User) {
  const table = createCsvTable('player_match_requests', [
    'user_id',
    'player_id',
    'status',
    'request_message',
    'claimant_first_name',
    'claimant_last_name',
    'claimant_email',
    'claimant_city',
    'claimant_state',
    'claimant_zip',
    'reviewed_by',
    'reviewed_at',
    'review_notes',
    'created_at',
  ]);
  const pickClaim = claimPicker(users, players, random);
  const count = Math.max(3, Math.round(players.length / 500));
  const taken = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const claim = pickClaim();
    if (!claim) continue;
    const { user, player, status } = claim;
    const key = `${user.id}:${player.id}`;
    // A user holds at most one pending claim (player_match_requests_one_pending_per_user_key).
    const pendingKey = `pending:${user.id}`;
    if (taken.has(key) || (status === 'pending' && taken.has(pendingKey))) continue;
    taken.add(key);
    if (status === 'pending') taken.add(pendingKey);
    const createdAt = Math.max(player.createdAt, user.createdAt) + random.next() * 20 * DAY_MS;
    const reviewed = status !== 'pending';
    const place = player.place;
    table.add([
      user.id,
      player.id,
      reviewed ? status : 'pending',
      random.chance(0.5) ? 'This is my profile, I play at the local courts.' : null,
      user.firstName,
      user.lastName,
      user.email,
      place.city,
      place.state,
      place.zip,
      reviewed ? admin.id : null,
      reviewed ? iso(Math.min(now, createdAt + 2 * DAY_MS)) : null,
      status === 'approved' ? 'Request approved by admin' : status === 'denied' ? 'Request denied by admin' : null,
      iso(Math.min(now, createdAt)),
    ]);
  }
  return table;
}
