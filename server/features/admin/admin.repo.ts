import { and, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailSignups, players, users } from '../../db/schema/index';
import { afterKeyset, exactTimeKey, keysetOrderBy, type KeysetOrder } from '../../lib/keyset';
import { normalizeForSearch } from '../../../common/text';

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page of an admin list: rows after the cursor (its exact creation time and id), `limit` of them. */
export type ListPage<Id extends number | string> = {
  q?: string;
  limit: number;
  after?: { key: string; id: Id };
};

/** Newest first by creation, the ties by id; served by each table's created_at index. */
function newestFirst(table: typeof users | typeof players | typeof emailSignups): KeysetOrder {
  return { key: table.createdAt, id: table.id, direction: 'desc' };
}

function pageWhere(
  filter: SQL | undefined,
  order: KeysetOrder,
  after: ListPage<number | string>['after'],
  idType: string,
) {
  if (!after) return filter;
  return and(
    filter,
    afterKeyset(order, { key: sql`${after.key}::timestamptz`, id: sql`${after.id}::${sql.raw(idType)}` }),
  );
}

/** Name (first, last or "first last") or e-mail contains q, any letter case. */
function userFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(users.email, pattern), ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern));
}

/** A page of users (limit + 1 rows read, for cutPage) and how many match q. */
export async function listUsers(db: Executor, options: ListPage<string>) {
  const where = userFilter(options.q);
  const order = newestFirst(users);
  // Only the columns the admin list may show: no password, reset token or third-party id (docs/product.md#admin-calls).
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
      cursorKey: exactTimeKey(users.createdAt),
    })
    .from(users)
    .where(pageWhere(where, order, options.after, 'uuid'))
    .orderBy(...keysetOrderBy(order))
    .limit(options.limit + 1);
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

/** A page of players (limit + 1 rows read, for cutPage) and how many match q. */
export async function listPlayers(db: Executor, options: ListPage<number>) {
  const where = playerFilter(options.q);
  const order = newestFirst(players);
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
      cursorKey: exactTimeKey(players.createdAt),
    })
    .from(players)
    .where(pageWhere(where, order, options.after, 'int'))
    .orderBy(...keysetOrderBy(order))
    .limit(options.limit + 1);
  const [{ total }] = await db.select({ total: count() }).from(players).where(where);
  return { rows, total };
}

/** A page of the launch list (limit + 1 rows read, for cutPage) and how many addresses contain q. */
export async function listEmailSignups(db: Executor, options: ListPage<number>) {
  const where = options.q ? ilike(emailSignups.email, containsPattern(options.q)) : undefined;
  const order = newestFirst(emailSignups);
  const rows = await db
    .select({
      id: emailSignups.id,
      email: emailSignups.email,
      createdAt: emailSignups.createdAt,
      cursorKey: exactTimeKey(emailSignups.createdAt),
    })
    .from(emailSignups)
    .where(pageWhere(where, order, options.after, 'int'))
    .orderBy(...keysetOrderBy(order))
    .limit(options.limit + 1);
  const [{ total }] = await db.select({ total: count() }).from(emailSignups).where(where);
  return { rows, total };
}
