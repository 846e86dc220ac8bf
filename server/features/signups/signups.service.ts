import type { Db } from '../../db/client';
import { EMAIL_SIGNUP_SUCCESS_MESSAGE, type EmailSignupReply } from '../../../common/schemas/signups';
import { insertEmailSignupIfNew } from './signups.repo';

/** Signing up twice is not an error and keeps one row (docs/product.md#email-signup-rules). */
export async function signUpForUpdates(db: Db, email: string): Promise<EmailSignupReply> {
  await insertEmailSignupIfNew(db, email);
  return { message: EMAIL_SIGNUP_SUCCESS_MESSAGE };
}
