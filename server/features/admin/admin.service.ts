import type { Db } from '../../db/client';
import {
  ADMIN_LIST_LIMIT,
  ADMIN_SIGNUPS_LIMIT,
  type AdminPlayersReply,
  type AdminUsersReply,
  type EmailSignupsReply,
} from '../../../common/schemas/admin';
import { listEmailSignups, listPlayers, listUsers } from './admin.repo';

/** §2 User Management: newest first, optionally filtered by name or e-mail. */
export async function getAdminUsers(db: Db, q: string | undefined): Promise<AdminUsersReply> {
  const { rows, total } = await listUsers(db, { q, limit: ADMIN_LIST_LIMIT });
  return {
    users: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
  };
}

/** §2 All Players: newest first, optionally filtered by name, e-mail or location. */
export async function getAdminPlayers(db: Db, q: string | undefined): Promise<AdminPlayersReply> {
  const { rows, total } = await listPlayers(db, { q, limit: ADMIN_LIST_LIMIT });
  return { players: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}

/** §2 Email Signups, newest first. */
export async function getEmailSignups(db: Db): Promise<EmailSignupsReply> {
  const { rows, total } = await listEmailSignups(db, { limit: ADMIN_SIGNUPS_LIMIT });
  return { emailSignups: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}
