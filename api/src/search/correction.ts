import { searchTokens } from './search.repository.js';
import { SIMILARITY_THRESHOLD, asciiTrigrams, trigramSimilarity } from './index/trigrams.js';

/**
 * What a search was answered as, when search forgave a typo: each typed word that starts no word of
 * the found products' names is replaced by the name word most like it ("earbds" → "earbuds"), in the
 * names' own spelling rather than the index's stems. Null when every word was found as typed (or as
 * the start of a word), or when nothing was found to correct against.
 */
export function correctedSearch(text: string, names: string[]): string | null {
  const nameWords = [...new Set(names.flatMap((name) => searchTokens(name)))];
  if (nameWords.length === 0) return null;
  let changed = false;
  const words = searchTokens(text).map((token) => {
    if (nameWords.some((word) => word.startsWith(token))) return token;
    const typed = asciiTrigrams(token);
    if (!typed) return token;
    let best: { word: string; s: number } | null = null;
    for (const word of nameWords) {
      const own = asciiTrigrams(word);
      if (!own) continue;
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
