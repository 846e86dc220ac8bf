import type { Db } from '../../db/client';
import { cutPage, readCursor } from '../../lib/page-cursor';
import type {
  AdminPageQuery,
  AdminPlayersReply,
  AdminUsersReply,
  EmailSignupsReply,
} from '../../../common/schemas/admin';
import { listEmailSignups, listPlayers, listUsers } from './admin.repo';

/** A reply and the next page's cursor (undefined on the last page), sent by the route in x-next-cursor. */
export type Paged<Reply> = { reply: Reply; nextCursor: string | undefined };

/** User Management (docs/product.md#admin-screens): newest first, optionally filtered by name or e-mail, a page at a time. */
export async function getAdminUsers(db: Db, query: AdminPageQuery): Promise<Paged<AdminUsersReply>> {
  const after = readCursor(query.cursor, { key: 'time', id: 'uuid' });
  const { rows, total } = await listUsers(db, { q: query.q, limit: query.limit, after });
  const page = cutPage(rows, query.limit, (row) => row.cursorKey);
  return {
    reply: {
      users: page.items.map(({ cursorKey: _key, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
      total,
    },
    nextCursor: page.nextCursor,
  };
}

/** Player List (docs/product.md#admin-screens): newest first, optionally filtered by name, e-mail or location, a page at a time. */
export async function getAdminPlayers(db: Db, query: AdminPageQuery): Promise<Paged<AdminPlayersReply>> {
  const after = readCursor(query.cursor, { key: 'time', id: 'int' });
  const { rows, total } = await listPlayers(db, { q: query.q, limit: query.limit, after });
  const page = cutPage(rows, query.limit, (row) => row.cursorKey);
  return {
    reply: {
      players: page.items.map(({ cursorKey: _key, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
    },
    nextCursor: page.nextCursor,
  };
}

/** Email Signups (docs/product.md#admin-screens): newest first, optionally filtered by e-mail, a page at a time. */
export async function getEmailSignups(db: Db, query: AdminPageQuery): Promise<Paged<EmailSignupsReply>> {
  const after = readCursor(query.cursor, { key: 'time', id: 'int' });
  const { rows, total } = await listEmailSignups(db, { q: query.q, limit: query.limit, after });
  const page = cutPage(rows, query.limit, (row) => row.cursorKey);
  return {
    reply: {
      emailSignups: page.items.map(({ cursorKey: _key, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
    },
    nextCursor: page.nextCursor,
  };
}
