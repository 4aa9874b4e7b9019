import { NewPassword } from '@haat/shared/users/new-password';
import { fieldProblem } from '../../i18n/validation';

/** What the shop's rule for a new password (shared/) says about this one, in the current language, or null when it fits. */
export function passwordProblem(password: string, label: string): string | null {
  const result = NewPassword.safeParse(password);
  return result.success ? null : fieldProblem(label, result.error.issues[0]?.message ?? 'is not valid');
}
