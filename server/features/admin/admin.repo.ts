import { count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailSignups, players, users } from '../../db/schema/index';
import { normalizeForSearch } from '../../../common/text';

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Name (first, last or "first last") or e-mail contains q, any letter case. */
function userFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(users.email, pattern), ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern));
}

export async function listUsers(db: Executor, options: { q?: string; limit: number }) {
  const where = userFilter(options.q);
  // Only the columns the admin list may show: no password, reset token or third-party id (issue 3).
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      authProvider: users.authProvider,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total };
}

/**
 * Name or location (through the normalised, trigram-indexed search columns, so accents and case
 * do not matter) or e-mail contains q.
 */
function playerFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byEmail = ilike(players.email, containsPattern(q));
  const normalized = normalizeForSearch(q);
  if (!normalized) return byEmail;
  const pattern = containsPattern(normalized);
  return or(ilike(players.searchName, pattern), ilike(players.searchLocation, pattern), byEmail);
}

export async function listPlayers(db: Executor, options: { q?: string; limit: number }) {
  const where = playerFilter(options.q);
  const rows = await db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
      skillLevel: players.skillLevel,
      yearsPlaying: players.yearsPlaying,
      location: players.location,
      bio: players.bio,
      isVerified: players.isVerified,
      userId: players.userId,
      importedBy: players.importedBy,
      createdAt: players.createdAt,
      ratingCount: players.ratingCount,
    })
    .from(players)
    .where(where)
    .orderBy(desc(players.createdAt), desc(players.id))
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(players).where(where);
  return { rows, total };
}

export async function listEmailSignups(db: Executor, options: { limit: number }) {
  const rows = await db
    .select({ id: emailSignups.id, email: emailSignups.email, createdAt: emailSignups.createdAt })
    .from(emailSignups)
    .orderBy(desc(emailSignups.createdAt), desc(emailSignups.id))
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(emailSignups);
  return { rows, total };
}
