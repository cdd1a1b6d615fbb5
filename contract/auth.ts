/**
 * Accounts: registration, sign-in, password reset and the profile (`/user/auth/*`).
 */
import { z } from 'zod';
import { LOCALES } from './locale.ts';
import { GuestCartId } from './cart.ts';
import { canonicalPhone } from './checkout-rules.ts';
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
  /** A guest checkout's session: no account, no password; checkout and its own orders only. */
  guest: z.boolean(),
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

/** A guest checkout's name when none is given. */
export const GUEST_NAME = 'Guest';

/**
 * A guest checkout starts with an e-mail address (for the confirmation and the order link), a name
 * if the shopper gives one, and the guest cart to take along, as the sign-in merge takes it.
 */
export const guestBody = z.object({
  email: emailField,
  name: nameField.optional(),
  guestCartId: GuestCartId.optional(),
});

/**
 * A guest makes an account by choosing a password: its address is the one it checked out with, and
 * its orders become the account's (directly, or through a link mailed to an account that already
 * has the address).
 */
export const guestAccountBody = z.object({ password: newPasswordField() });

/** The token of a mailed "add your guest orders to your account" link. */
export const joinOrdersParams = z.object({
  token: z.string().min(1, 'The link is incomplete.').max(200, 'The link is invalid.'),
});

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

/** The profile: the user plus personal details that only the profile answers. */
export const profileUserSchema = userSchema.extend({
  /** Canonical (`416-555-0123`), or null when none was given. */
  phone: z.string().nullable(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const profileResponse = z.object({
  success: z.literal(true),
  data: profileUserSchema,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const PROFILE_PHONE_FORMAT = 'Phone must be a 10-digit Canadian number, e.g. 416-555-0123.';

/** A phone number made canonical; the empty string clears it (null). */
export const profilePhoneField = z
  .string({ error: 'Phone must be text.' })
  .max(40, PROFILE_PHONE_FORMAT)
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const canonical = canonicalPhone(value);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: PROFILE_PHONE_FORMAT });
      return z.NEVER;
    }
    return canonical;
  });

/**
 * Name and phone can be changed here; e-mail has its own confirmed flow, and role is never taken
 * from the client (unknown keys are dropped).
 */
export const updateProfileBody = z.object({
  name: nameField,
  phone: profilePhoneField.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const changeEmailBody = z.object({
  newEmail: emailField,
  password: givenPasswordField(),
});
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

export const confirmEmailBody = z.object({
  token: z
    .string({ error: 'The confirmation link is incomplete.' })
    .min(1, 'The confirmation link is incomplete.')
    .max(200, 'The confirmation link is invalid.'),
});

export const deleteAccountBody = z.object({ password: givenPasswordField() });
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

const exportRecord = z.record(z.string(), z.unknown());

/** "Download my data": everything the shop keeps about the account, without secrets. */
export const profileExport = z.object({
  exportedAt: z.string(),
  /** `locale`: the language the shop writes to the account in. */
  account: profileUserSchema.extend({ createdAt: z.string(), locale: z.enum(LOCALES) }),
  addresses: z.array(exportRecord),
  paymentMethods: z.array(exportRecord),
  orders: z.array(exportRecord),
  discountCodes: z.array(exportRecord),
  contactMessages: z.array(exportRecord),
  consultations: z.array(exportRecord),
  wishlist: z.array(exportRecord),
  /** Back-in-stock alerts waiting for the account's address. */
  stockAlerts: z.array(exportRecord),
  /** The account's product reviews, hidden ones included. */
  reviews: z.array(exportRecord),
});
export type ProfileExport = z.infer<typeof profileExport>;
