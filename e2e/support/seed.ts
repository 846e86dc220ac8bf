import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema/users';
import { hashPassword } from '../../server/lib/password';

export type SeedUser = { email: string; password: string; firstName: string; lastName: string };

/**
 * An e-mail/password user with isAdmin set, written into the server's data directory before it starts.
 * No screen or call makes a user an admin (docs/product.md#roles: isAdmin is set outside the product), yet the admin login
 * form (docs/product.md#admin-login) shows only to such a user, so the browser suite seeds one.
 */
export function seedAdminUser(user: SeedUser) {
  return async (dataDir: string) => {
    const database = await openDatabase({ dataDir });
    try {
      await database.db.insert(users).values({
        email: user.email,
        emailVerified: true,
        firstName: user.firstName,
        lastName: user.lastName,
        isAdmin: true,
        authProvider: 'password',
        passwordHash: await hashPassword(user.password),
      });
    } finally {
      await database.close();
    }
  };
}
