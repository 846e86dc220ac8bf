import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { verifyPassword } from '../../lib/password';
import type { AdminIdentity } from '../../plugins/authorize';
import { RECENT_SIGN_IN_MINUTES, type ErasureReply } from '../../../common/schemas/account';
import { eraseAccount, type Erasure } from './account-erasure.service';
import { exportChunks, exportFileName } from './account-export.service';
import { findUser, insertDataRequest } from './account.repo';
import { erasureMail } from './erasure-mail';

/*
 * A person's right to their data (docs/product.md#your-data): the export of everything about them, and the erasure
 * of their account, by themselves or by an admin. Each is recorded (data_requests) by account id, never e-mail.
 */

export type AccountDeps = { db: Db; mailer: Mailer; log: FastifyBaseLogger };

export const PASSWORD_REQUIRED = 'Enter your password to delete your account';
export const PASSWORD_INCORRECT = 'The password is not correct';
export const SIGN_IN_AGAIN = 'Sign in again to delete your account';
export const OWN_ACCOUNT_BY_ADMIN =
  'You cannot erase your own account here: delete it from your Account page, where your password is asked';

const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60_000;

export type DataExport = { fileName: string; chunks: AsyncIterable<string> };

async function startExport(deps: AccountDeps, user: UserRow, admin: AdminIdentity | null): Promise<DataExport> {
  await insertDataRequest(deps.db, { kind: 'export', userId: user.id, admin, counts: null });
  const at = new Date();
  return { fileName: exportFileName(at), chunks: exportChunks(deps.db, user, at) };
}

/** GET /api/auth/user/export: the caller's own data. */
export async function exportOwnData(deps: AccountDeps, user: UserRow): Promise<DataExport> {
  return startExport(deps, user, null);
}

/** GET /api/admin/users/:id/export: any account's data, on an admin's request. */
export async function exportUserData(deps: AccountDeps, admin: AdminIdentity, userId: string): Promise<DataExport> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound('User not found', 'user_not_found');
  return startExport(deps, user, admin);
}

/**
 * Whoever deletes an account proves they are its owner, not only someone at a signed-in screen: a password account
 * by its password; an account without one (Google, developer) by a sign-in within the last few minutes.
 */
async function proveOwner(user: UserRow, sessionStartedAt: number, password: string | undefined): Promise<void> {
  if (user.passwordHash) {
    if (!password) throw forbidden(PASSWORD_REQUIRED, 'password_incorrect');
    if (!(await verifyPassword(user.passwordHash, password))) throw forbidden(PASSWORD_INCORRECT, 'password_incorrect');
    return;
  }
  if (Date.now() - sessionStartedAt > RECENT_SIGN_IN_MS) throw forbidden(SIGN_IN_AGAIN, 'recent_sign_in_required');
}

/** The confirmation mail goes after the commit; a mail that fails is logged, the erasure stands. */
async function mailConfirmation(deps: AccountDeps, erasure: Erasure, byAdmin: boolean): Promise<void> {
  await deps.mailer
    .send(erasureMail(erasure.email, erasure.reply, byAdmin))
    .catch((err: unknown) => deps.log.error({ err }, 'account erasure mail failed'));
}

/** DELETE /api/auth/user: the caller's own account (the route then ends its sessions and clears the cookie). */
export async function deleteOwnAccount(
  deps: AccountDeps,
  caller: { user: UserRow; sessionStartedAt: number },
  body: { password?: string; deletePlayerProfile: boolean },
): Promise<ErasureReply> {
  await proveOwner(caller.user, caller.sessionStartedAt, body.password);
  const erasure = await eraseAccount(deps.db, caller.user.id, {
    deletePlayerProfile: body.deletePlayerProfile,
    admin: null,
  });
  await mailConfirmation(deps, erasure, false);
  return erasure.reply;
}

/** POST /api/admin/users/:id/erase: another account, on an admin's word (no password, no recent sign-in). */
export async function eraseUserByAdmin(
  deps: AccountDeps,
  admin: AdminIdentity,
  userId: string,
  body: { deletePlayerProfile: boolean },
): Promise<ErasureReply> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound('User not found', 'user_not_found');
  const ownEmail = admin.label.replace(/^admin:/, '').toLowerCase() === user.email.toLowerCase();
  if (admin.userId === userId || ownEmail) throw conflict(OWN_ACCOUNT_BY_ADMIN, 'own_account_erasure');
  const erasure = await eraseAccount(deps.db, userId, { deletePlayerProfile: body.deletePlayerProfile, admin });
  await mailConfirmation(deps, erasure, true);
  return erasure.reply;
}
