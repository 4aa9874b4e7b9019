import { searchTokens } from './search.repository.js';
import { SIMILARITY_THRESHOLD, asciiTrigrams, trigramSimilarity, typoForm } from './index/trigrams.js';
import { acceptsCorrection } from './index/typo-rule.js';
import { remembered } from './remembered.js';

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
 * What correctedSearch needs of a name, and of each of its words, worked out once: names repeat from
 * search to search (a page shows the same products for many texts). Emptied when it grows past
 * REMEMBERED entries (a catalogue holds far fewer distinct names on its first pages).
 */
const REMEMBERED = 20_000;
interface NameWord {
  word: string;
  typo: string;
  /** The word's trigrams (null when it is not ASCII or has no letters and digits: never offered). */
  own: string[] | null;
}
const namesSeen = new Map<string, NameWord[]>();
const wordsSeen = new Map<string, NameWord>();
const nameWord = (word: string): NameWord => {
  const typo = typoForm(word);
  return { word, typo, own: asciiTrigrams(word) && asciiTrigrams(typo) };
};
const wordsOfName = (name: string) => nameWordsOf(name).map((word) => remembered(wordsSeen, word, nameWord, REMEMBERED));

/**
 * What a search was answered as, when search forgave a typo: each typed word that starts no word of
 * the found products' names is replaced by the name word most like it by the typo rule (trigrams.ts:
 * letters and digits compared, "tshrt" → "t-shirt", "earbds" → "earbuds"), in the names' own spelling
 * rather than the index's stems, and only as far as the typo rule lets a word be corrected (typo-rule.ts). Null when every word was found as typed (or as the start of a word),
 * or when nothing was found to correct against.
 */
export function correctedSearch(text: string, names: string[]): string | null {
  // Every search's answer asks this, so it allocates little: the names' remembered words as they are (a word in two
  // names is looked at twice, which changes no answer), no copies per word.
  const nameWords = names.map((name) => remembered(namesSeen, name, wordsOfName, REMEMBERED));
  if (!nameWords.some((words) => words.length > 0)) return null;
  let changed = false;
  const words = searchTokens(text).map((token) => {
    if (nameWords.some((list) => list.some(({ word, typo }) => typo.startsWith(token) || word.startsWith(token)))) return token;
    const typed = asciiTrigrams(token);
    if (!typed) return token;
    const typedSet = new Set(typed);
    let best: { word: string; s: number } | null = null;
    for (const list of nameWords)
      for (const { word, own } of list) {
        if (!own) continue;
        let shared = 0;
        for (const t of own) if (typedSet.has(t)) shared += 1;
        const s = trigramSimilarity(shared, typed.length, own.length);
        // The typo rule's edit count last: it is the dearest test.
        if (s >= SIMILARITY_THRESHOLD && (!best || s > best.s) && acceptsCorrection(token, null, word)) best = { word, s };
      }
    if (!best) return token;
    changed = true;
    return best.word;
  });
  return changed ? words.join(' ') : null;
}
