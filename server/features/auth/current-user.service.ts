import type { UserRow } from '../../db/schema/index';
import type { CurrentUser } from '../../../common/schemas/auth';

/** The authorize plugin reads a session's user by id through here (plugins never reach a feature's repo). */
export { findUserById } from './users.repo';

/** The current user as answered (docs/product.md#sign-in-calls): only these fields ever leave the server. */
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
