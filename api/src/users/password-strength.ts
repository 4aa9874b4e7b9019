import { dictionary } from '@zxcvbn-ts/language-common';
import { Piscina } from 'piscina';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';
import type { ScoreRequest } from './password-score.worker.js';

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" against an online attacker. */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this shop that make a password easy to guess here, as the person's own details do. */
const SHOP_WORDS = ['haat', 'demo'];

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * How much of a password is scored. zxcvbn's work grows faster than the length (a crafted 128-character
 * password took 0.2 s, 64 characters under 0.1 s), so a longer password is judged by its first 64
 * characters: it passes when they alone would (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md).
 */
export const SCORED_LENGTH = 64;

/**
 * One thread beside the API's for the scoring, so a crowd of crafted passwords queues there and never
 * holds the requests of everyone else. It starts at the first check and ends after a minute unused.
 * Built, the thread runs password-score.worker.js beside this file; from the TypeScript sources (jest)
 * it registers tsx's loader first (a dev dependency, never needed by the built API).
 */
const fromSources = import.meta.url.endsWith('.ts');
const scorer = new Piscina<ScoreRequest, number[]>({
  filename: new URL(`./password-score.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href,
  execArgv: fromSources ? ['--import', 'tsx'] : [],
  minThreads: 0,
  maxThreads: 1,
  idleTimeout: 60_000,
});

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
 * Refuses a new password (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md): one on the common list, whatever its
 * letter case (`COMMON_PASSWORD`); one zxcvbn scores under 3, or that is under 3 once the owner's e-mail
 * local part, name and the shop's name are taken out of it (`WEAK_PASSWORD`). `field` names the body field.
 */
export async function refuseWeakPassword(password: string, field: string, owner: PasswordOwner = {}): Promise<void> {
  if (COMMON.has(password.toLowerCase())) {
    throw new AppError(
      400,
      ErrorCode.CommonPassword,
      `${field}: is one of the most commonly used passwords, which attackers try first. Please choose another.`,
      { fields: [field] },
    );
  }
  const words = personalWords(owner);
  const scored = password.slice(0, SCORED_LENGTH);
  let rest = scored.toLowerCase();
  for (const word of words) rest = rest.split(word).join(' ');
  const withoutOwner = rest !== scored.toLowerCase();
  const [whole = 0, remainder = 0] = await scorer.run({ texts: withoutOwner ? [scored, rest.trim()] : [scored], words });
  if (whole < MIN_PASSWORD_SCORE) {
    throw new AppError(400, ErrorCode.WeakPassword, `${field}: is too easy to guess. Please choose a longer one, such as a few unrelated words.`, {
      fields: [field],
    });
  }
  if (withoutOwner && remainder < MIN_PASSWORD_SCORE) {
    throw new AppError(
      400,
      ErrorCode.WeakPassword,
      `${field}: is built from your e-mail, your name or the shop's name, which attackers try first. Please choose another.`,
      { fields: [field] },
    );
  }
}
