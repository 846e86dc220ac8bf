import { z } from 'zod';
import { emailSchema } from './shared';

/** docs/product.md#email-signup-rules: a signup takes only an e-mail. */
export const emailSignupBodySchema = z.strictObject({ email: emailSchema });

/** The same answer whether the address was new or already listed: it never reveals who signed up. */
export const EMAIL_SIGNUP_SUCCESS_MESSAGE = "Success! You've been added to our updates list.";

export const emailSignupReplySchema = z.object({ message: z.string() });

export type EmailSignupBody = z.input<typeof emailSignupBodySchema>;
export type EmailSignupReply = z.infer<typeof emailSignupReplySchema>;
