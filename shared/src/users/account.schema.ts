import { z } from 'zod';
import { LANGUAGES } from '../common/languages.js';
import { Email, RequiredText } from '../common/fields.js';
import { LIMITS } from '../common/limits.js';
import { PlainText } from '../common/text-rule.js';
import { NEW_PASSWORD_MISMATCH } from './user.schema.js';
import { NewPassword } from './new-password.js';

/** A Google ID token (a JWT) as the Google Identity Services button hands it over. */
export const GoogleCredentialBody = z.object({
  credential: PlainText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(8192, { error: 'is too long' }),
});
export type GoogleCredentialBody = z.infer<typeof GoogleCredentialBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** docs/product.md#validation: exactly six digits (the boxes strip anything else, so the server refuses it). */
export const Otp = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v).padStart(LIMITS.otpLength, '0') : v),
  PlainText({ error: 'must be the six-digit code' })
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), { error: 'must be the six-digit code' }),
);

export const VerifyOtpBody = z.object({ email: Email, otp: Otp });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

/** What verify-forgot-password-otp answers: proof that this caller, and only this one, read the code. */
export const ResetToken = PlainText({ error: 'is required: verify the code from your e-mail first' })
  .trim()
  .min(1, { error: 'is required: verify the code from your e-mail first' })
  .max(200, { error: 'is too long' });

export const ResetPasswordBody = z
  .object({
    email: Email,
    /** Optional when the verify's HttpOnly cookie travels with the request instead (clients of the seed's API family). */
    resetToken: ResetToken.optional(),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: 'must be text' }).max(256, { error: 'is too long' }),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { error: NEW_PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** A signed-in owner changes the password: the current one proves it is them. */
export const ChangePasswordBody = z
  .object({
    currentPassword: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(256, { error: 'is too long' }),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: 'must be text' }).max(256, { error: 'is too long' }),
    /** Keep a mobile number proved since the password last signed in (otherwise the change removes it; docs/decisions/0280-sign-in-by-mobile-number.md). */
    keepMobile: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { error: NEW_PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Forms may send the number as a number; digits, spaces, +, - and brackets are what phones show. */
export const Mobile = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  RequiredText(20).regex(/^\+?[0-9][0-9 ()-]{3,18}$/, { error: 'must be a phone number' }),
);

/**
 * Changing the e-mail also needs proof of the account: the current password, or for an account
 * without one (Google only) a fresh Google credential. Unused when the e-mail stays the same.
 */
export const UpdateUserBody = z.object({
  name: RequiredText(100),
  /** '' only for an account that has no e-mail yet (signed up by mobile number); an e-mail once set is never removed. */
  email: z.union([z.literal(''), Email], { error: 'must be a valid e-mail address' }),
  mobile: Mobile,
  currentPassword: z.string({ error: 'must be text' }).max(256, { error: 'is too long' }).optional(),
  credential: PlainText().trim().max(8192, { error: 'is too long' }).optional(),
  /** For an account signed up by mobile number (no password, no Google): the code POST /api/user/owner-code sent to its verified mobile. */
  otp: Otp.optional(),
  /** The language of the account's mails and push notices (docs/product.md#languages); unchanged when left out. */
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** The token of the link mailed to a new e-mail address (update-user); opening it makes the change. */
export const ConfirmEmailBody = z.object({
  token: PlainText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(2048, { error: 'is too long' }),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;
