import { z } from 'zod';
import { Email, RequiredText } from '../common/fields.js';
import { PlainText } from '../common/text-rule.js';
import { NewPassword } from './new-password.js';

export const PASSWORD_MISMATCH = 'Password and confirm password must be same';
export const NEW_PASSWORD_MISMATCH = 'New password and confirm password must be same';

const Password = z.string({ error: 'must be text' }).min(1, { error: 'is required' }).max(256, { error: 'is too long' });

export const RegisterBody = z
  .object({ name: RequiredText(100), email: Email, password: NewPassword, confirmPassword: Password })
  .refine((b) => b.password === b.confirmPassword, { error: PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ email: Email, password: Password });
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.object({ refreshToken: PlainText().min(1).max(4096).optional() });
