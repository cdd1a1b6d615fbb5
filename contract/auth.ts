/**
 * Accounts: registration, sign-in, password reset and the profile (spec §7 `/user/auth/*`).
 */
import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './auth-rules.ts';

export * from './auth-rules.ts';

const required = (field: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `${field} is required.` : `${field} must be text.`;

export const nameField = z
  .string({ error: required('Name') })
  .trim()
  .min(NAME_MIN, `Name must be at least ${NAME_MIN} characters.`)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`);

/** Trimmed and lower-cased before it is checked, so `Ann@Example.com ` is one account. */
export const emailField = z
  .string({ error: required('Email') })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Enter a valid email address.'));

/** The rules for a password being set (registration, reset, change). */
export const newPasswordField = (field = 'Password') =>
  z
    .string({ error: required(field) })
    .min(PASSWORD_MIN, `${field} must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `${field} must be at most ${PASSWORD_MAX} characters.`)
    .regex(/\p{L}/u, `${field} must contain at least one letter.`)
    .regex(/\p{Nd}/u, `${field} must contain at least one digit.`);

/** A password being checked: no strength rules (older accounts), only a sane bound. */
const givenPasswordField = (field = 'Password') =>
  z
    .string({ error: required(field) })
    .min(1, `${field} is required.`)
    .max(PASSWORD_MAX, `${field} must be at most ${PASSWORD_MAX} characters.`);

export const ROLES = ['customer', 'admin'] as const;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: givenPasswordField(),
});
export type LoginBody = z.input<typeof loginBody>;

/** Login and registration answer with the user and set the session cookie. */
export const authResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponse>;

export const messageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponse>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordParams = z.object({
  token: z.string().min(1, 'The reset link is incomplete.').max(200, 'The reset link is invalid.'),
});

export const resetPasswordBody = z.object({ password: newPasswordField() });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const verifyOtpResetBody = z.object({
  email: emailField,
  otp: z
    .string({ error: required('Code') })
    .trim()
    .regex(
      new RegExp(`^\\d{${OTP_LENGTH}}$`),
      `Code must be the ${OTP_LENGTH} digits we e-mailed.`,
    ),
  password: newPasswordField(),
});
export type VerifyOtpResetBody = z.input<typeof verifyOtpResetBody>;

export const changePasswordBody = z.object({
  currentPassword: givenPasswordField('Current password'),
  newPassword: newPasswordField('New password'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const profileResponse = z.object({
  success: z.literal(true),
  data: userSchema,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** Only the name can be changed here: e-mail and role are never taken from the client. */
export const updateProfileBody = z.object({ name: nameField });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
