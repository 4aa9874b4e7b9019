import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's common-password and diceware lists with keyboard patterns; no Levenshtein matching,
// which costs tenths of a second per check on a busy machine.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: false });

/** What the password thread is asked: score these texts, each against the owner's words. */
export interface ScoreRequest {
  texts: string[];
  words: string[];
}

/**
 * The password thread (password-strength.ts starts it through piscina): zxcvbn's score (0–4) of each
 * text. Scoring takes up to a few hundred milliseconds for a crafted input, which on the API's thread
 * would hold every other request (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md).
 */
export default function score({ texts, words }: ScoreRequest): number[] {
  return texts.map((text) => zxcvbn.check(text, words).score);
}
