import { searchTokens } from './search.repository.js';
import { SIMILARITY_THRESHOLD, asciiTrigrams, trigramSimilarity, typoForm } from './index/trigrams.js';
import { acceptsCorrection } from './index/typo-rule.js';

/** A name's words as a shopper reads them: searchTokens' words and the hyphenated ones whole ("t-shirt"). */
function nameWordsOf(name: string): string[] {
  const hyphenated = name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => /^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)+$/u.test(w));
  return [...searchTokens(name), ...hyphenated];
}

/**
 * What a search was answered as, when search forgave a typo: each typed word that starts no word of
 * the found products' names is replaced by the name word most like it by the typo rule (trigrams.ts:
 * letters and digits compared, "tshrt" → "t-shirt", "earbds" → "earbuds"), in the names' own spelling
 * rather than the index's stems, and only as far as the typo rule lets a word be corrected (typo-rule.ts). Null when every word was found as typed (or as the start of a word),
 * or when nothing was found to correct against.
 */
export function correctedSearch(text: string, names: string[]): string | null {
  const nameWords = [...new Set(names.flatMap(nameWordsOf))];
  if (nameWords.length === 0) return null;
  let changed = false;
  const words = searchTokens(text).map((token) => {
    if (nameWords.some((word) => typoForm(word).startsWith(token) || word.startsWith(token))) return token;
    const typed = asciiTrigrams(token);
    if (!typed) return token;
    let best: { word: string; s: number } | null = null;
    for (const word of nameWords) {
      const own = asciiTrigrams(word) && asciiTrigrams(typoForm(word));
      if (!own || !acceptsCorrection(token, null, word)) continue;
      const shared = own.filter((t) => typed.includes(t)).length;
      const s = trigramSimilarity(shared, typed.length, own.length);
      if (s >= SIMILARITY_THRESHOLD && (!best || s > best.s)) best = { word, s };
    }
    if (!best) return token;
    changed = true;
    return best.word;
  });
  return changed ? words.join(' ') : null;
}
