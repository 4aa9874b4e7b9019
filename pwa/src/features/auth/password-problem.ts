import { NewPassword } from '@haat/shared/users/new-password';

/** What the shop's rule for a new password (shared/) says about this one, or null when it fits. */
export function passwordProblem(password: string, label = 'Password'): string | null {
  const result = NewPassword.safeParse(password);
  return result.success ? null : `${label} ${result.error.issues[0]?.message ?? 'is not allowed'}.`;
}
