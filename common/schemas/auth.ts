import { z } from 'zod';
import { demoWorldConfigSchema } from './demo-world';
import { playerProfileSchema } from './player-profile';
import { emailSchema, passwordSchema } from './shared';

/** The longest first or last name an account takes, as a player's (PLAYER_NAME_MAX). */
export const ACCOUNT_NAME_MAX = 100;

/** Missing: "First name is required" (docs/product.md#validation-messages); too long says so, with the limit. */
const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(ACCOUNT_NAME_MAX, `${label} must be at most ${ACCOUNT_NAME_MAX} characters`);

/** POST /api/auth/register (docs/product.md#password-rules). */
export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
});

/** POST /api/auth/login (docs/product.md#validation-messages). */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
});

/** POST /api/auth/forgot-password (docs/product.md#accounts-and-sign-in). */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });

/** POST /api/auth/reset-password (docs/product.md#accounts-and-sign-in). */
export const resetPasswordBodySchema = z.strictObject({
  token: z
    .string({ error: 'Reset token is required' })
    .trim()
    .min(1, 'Reset token is required')
    .max(200, 'Reset token is invalid or has expired'),
  password: passwordSchema,
});

export const DEV_LOGIN_MISSING = 'Missing Information: Please enter both user ID and password.';
const DEV_FIELD_MAX = 200;
const devField = (label: string) =>
  z
    .string({ error: DEV_LOGIN_MISSING })
    .trim()
    .min(1, DEV_LOGIN_MISSING)
    .max(DEV_FIELD_MAX, `${label} must be at most ${DEV_FIELD_MAX} characters`);

/** POST /api/dev-login (docs/product.md#developer-login: both required, trimmed). */
export const devLoginBodySchema = z.strictObject({ userId: devField('User ID'), password: devField('Password') });

/** POST /api/admin/login (docs/product.md#admin-login). */
export const adminLoginBodySchema = z.strictObject({
  email: emailSchema,
  adminKey: z
    .string({ error: 'Admin key is required' })
    .min(1, 'Admin key is required')
    .max(200, 'Invalid credentials.'),
});

export const AUTH_PROVIDERS = ['google', 'password', 'developer'] as const;

/** The current user as answered (docs/product.md#sign-in-calls): never a password, hash or token field. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  authProvider: z.enum(AUTH_PROVIDERS),
  profileImageUrl: z.string().nullable(),
  /** The account's e-mail is proven (a mailed link, Google's email_verified, or a developer account). */
  emailConfirmed: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** POST /api/auth/register: the new user; `confirmationUrl` only with DEMO_MODE (as docs/product.md#verify-screen does for codes). */
export const registerReplySchema = currentUserSchema.extend({ confirmationUrl: z.string().optional() });

/** POST /api/auth/confirm-email/resend; `confirmationUrl` only with DEMO_MODE. */
export const resendConfirmationReplySchema = z.object({
  message: z.string(),
  confirmationUrl: z.string().optional(),
});

/** GET /api/auth/user/player: the caller's own linked player, so its e-mail is theirs to see. */
export const linkedPlayerSchema = playerProfileSchema.extend({ email: z.string() });
export const linkedPlayerReplySchema = z.object({ player: linkedPlayerSchema });

/** GET /api/dev-auth/user (docs/product.md#sign-in-calls). userType is absent for a regular developer. */
export const developerUserSchema = z.object({
  userId: z.string(),
  userType: z.enum(['admin']).optional(),
});

/** The admin login answer (docs/product.md#sign-in-calls). */
export const adminLoginReplySchema = z.object({ token: z.string(), adminEmail: z.string() });

/** GET /api/config: what the client needs to know before sign-in. demoAdmin only with DEMO_MODE (docs/product.md#admin-login). */
export const appConfigSchema = z.object({
  demoMode: z.boolean(),
  googleEnabled: z.boolean(),
  demoAdmin: z.object({ email: z.string(), key: z.string() }).optional(),
  /** Only while a development start's demo world is in the database. */
  demoWorld: demoWorldConfigSchema.optional(),
});

/** GET /api/login: provider is optional and only google exists (docs/product.md#sign-in-calls). returnTo must be our own path. */
export const loginQuerySchema = z.object({
  provider: z.enum(['google'], { error: 'Unknown sign-in provider' }).default('google'),
  returnTo: z.string().max(500).optional(),
});

/** GET /api/auth/confirm-email?token=…: the mailed link. */
export const confirmEmailQuerySchema = z.object({ token: z.string().max(200).optional() });

export const messageReplySchema = z.object({ message: z.string() });

export type RegisterBody = z.input<typeof registerBodySchema>;
export type LoginBody = z.input<typeof loginBodySchema>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export type DevLoginBody = z.input<typeof devLoginBodySchema>;
export type AdminLoginBody = z.input<typeof adminLoginBodySchema>;
export type CurrentUser = z.infer<typeof currentUserSchema>;
export type RegisterReply = z.infer<typeof registerReplySchema>;
export type ResendConfirmationReply = z.infer<typeof resendConfirmationReplySchema>;
export type LinkedPlayer = z.infer<typeof linkedPlayerSchema>;
export type DeveloperUser = z.infer<typeof developerUserSchema>;
export type AdminLoginReply = z.infer<typeof adminLoginReplySchema>;
export type AppConfig = z.infer<typeof appConfigSchema>;
