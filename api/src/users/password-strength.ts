import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" against an online attacker. */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this shop that make a password easy to guess here, as the person's own details do. */
const SHOP_WORDS = ['haat', 'demo'];

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

// zxcvbn-ts's common-password and diceware lists with keyboard patterns; no Levenshtein matching,
// which costs tenths of a second per check on a busy machine.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: false });

/** Whose password it is: a password built from these is refused. */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

/** The pieces of an e-mail's local part and a name a person might build a password from (3+ letters or digits). */
function personalWords({ email, name }: PasswordOwner): string[] {
  const local = (email ?? '').split('@')[0] ?? '';
  const pieces = [local, ...local.split(/[^\p{L}\p{N}]+/u), (name ?? '').replace(/\s+/g, ''), ...(name ?? '').split(/[^\p{L}\p{N}]+/u)];
  return [...new Set([...pieces, ...SHOP_WORDS].map((w) => w.toLowerCase()).filter((w) => w.length >= 3))].sort((a, b) => b.length - a.length);
}

/**
 * Refuses a new password (docs/decisions/0064-password-strength.md): one on the common list, whatever its
 * letter case (`COMMON_PASSWORD`); one zxcvbn scores under 3, or that is under 3 once the owner's e-mail
 * local part, name and the shop's name are taken out of it (`WEAK_PASSWORD`). `field` names the body field.
 */
export function refuseWeakPassword(password: string, field: string, owner: PasswordOwner = {}): void {
  if (COMMON.has(password.toLowerCase())) {
    throw new AppError(
      400,
      ErrorCode.CommonPassword,
      `${field}: is one of the most commonly used passwords, which attackers try first. Please choose another.`,
      { fields: [field] },
    );
  }
  const words = personalWords(owner);
  if (zxcvbn.check(password, words).score < MIN_PASSWORD_SCORE) {
    throw new AppError(400, ErrorCode.WeakPassword, `${field}: is too easy to guess. Please choose a longer one, such as a few unrelated words.`, {
      fields: [field],
    });
  }
  let rest = password.toLowerCase();
  for (const word of words) rest = rest.split(word).join(' ');
  if (rest !== password.toLowerCase() && zxcvbn.check(rest.trim(), words).score < MIN_PASSWORD_SCORE) {
    throw new AppError(
      400,
      ErrorCode.WeakPassword,
      `${field}: is built from your e-mail, your name or the shop's name, which attackers try first. Please choose another.`,
      { fields: [field] },
    );
  }
}
