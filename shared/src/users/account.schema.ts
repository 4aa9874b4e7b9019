import { z } from 'zod';
import { Email, RequiredText } from '../common/fields.js';
import { LIMITS } from '../common/limits.js';
import { NEW_PASSWORD_MISMATCH } from './user.schema.js';
import { NewPassword } from './new-password.js';

/** A Google ID token (a JWT) as the Google Identity Services button hands it over. */
export const GoogleCredentialBody = z.object({
  credential: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(8192, { error: 'is too long' }),
});
export type GoogleCredentialBody = z.infer<typeof GoogleCredentialBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** Spec §5: exactly six digits (the boxes strip anything else, so the server refuses it). */
export const Otp = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v).padStart(LIMITS.otpLength, '0') : v),
  z.string({ error: 'must be the six-digit code' }).trim().regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), { error: 'must be the six-digit code' }),
);

export const VerifyOtpBody = z.object({ email: Email, otp: Otp });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

export const ResetPasswordBody = z
  .object({ email: Email, newPassword: NewPassword, confirmPassword: z.string({ error: 'must be text' }).max(256, { error: 'is too long' }) })
  .refine((b) => b.newPassword === b.confirmPassword, { error: NEW_PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Forms may send the number as a number; digits, spaces, +, - and brackets are what phones show. */
export const Mobile = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  RequiredText(20).regex(/^\+?[0-9][0-9 ()-]{3,18}$/, { error: 'must be a phone number' }),
);

export const UpdateUserBody = z.object({ name: RequiredText(100), email: Email, mobile: Mobile });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
