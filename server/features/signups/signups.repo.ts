import type { Executor } from '../../db/client';
import { emailSignups } from '../../db/schema/index';

/** Adds the address unless it is already listed (any letter case, by the lower(email) unique index). */
export async function insertEmailSignupIfNew(db: Executor, email: string) {
  await db.insert(emailSignups).values({ email }).onConflictDoNothing();
}
