import { dictionary } from '@zxcvbn-ts/language-common';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/** zxcvbn-ts's list of commonly used passwords (about 49,000, from breach corpora), lower-cased. */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * Refuses a new password that is on the common list, whatever its letter case (ASVS 5.0 §6.2.4):
 * those are what attackers try first. `field` names the body field in the 400.
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (COMMON.has(password.toLowerCase())) {
    throw new AppError(
      400,
      ErrorCode.CommonPassword,
      `${field}: is one of the most commonly used passwords, which attackers try first. Please choose another.`,
      { fields: [field] },
    );
  }
}
