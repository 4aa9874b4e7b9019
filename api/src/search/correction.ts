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
 * What correctedSearch needs of each word of a name, worked out once per word (a catalogue's names share their
 * words): emptied when it grows past REMEMBERED words.
 */
const REMEMBERED = 20_000;
interface NameWord {
  word: string;
  typo: string;
  /** Its typo form's trigrams, numbered (trigramIds; null when it is not ASCII: never offered). */
  own: number[] | null;
  /** The last correctedSearch that listed it (each page word is compared once, however many names hold it). */
  listed: number;
}
const wordsSeen = new Map<string, NameWord>();
const nameWord = (word: string): NameWord => {
  const typo = typoForm(word);
  const own = asciiTrigrams(word) && asciiTrigrams(typo);
  return { word, typo, own: own && own.map(trigramId), listed: 0 };
};
/**
 * Every trigram of a name word, numbered as first seen (ASCII letters and digits: a few tens of thousands at most), so
 * that a typed word's are compared with a page's words by number, and `heldBy` (per number, the last typed word
 * holding it) marks them without a set per word.
 */
const trigramIds = new Map<string, number>();
const heldBy: number[] = [];
let typedWords = 0;
function trigramId(trigram: string): number {
  let id = trigramIds.get(trigram);
  if (id === undefined) {
    trigramIds.set(trigram, (id = heldBy.length));
    heldBy.push(0);
  }
  return id;
}
/**
 * A product's name words, kept beside the product as long as it lives: a search's page shows the same product
 * objects from search to search (search's row cache keeps them, and their wire form beside them).
 */
const productWords = new WeakMap<Named, NameWord[]>();
const wordsOf = (product: Named): NameWord[] => {
  let words = productWords.get(product);
  if (words === undefined) {
    words = nameWordsOf(product.name).map((word) => remembered(wordsSeen, word, nameWord, REMEMBERED));
    productWords.set(product, words);
  }
  return words;
};
let listing = 0;

type Named = { readonly name: string };

/**
 * What a search was answered as, when search forgave a typo: each typed word that starts no word of
 * the found products' names is replaced by the name word most like it by the typo rule (trigrams.ts:
 * letters and digits compared, "tshrt" → "t-shirt", "earbds" → "earbuds"), in the names' own spelling
 * rather than the index's stems, and only as far as the typo rule lets a word be corrected (typo-rule.ts). Null when every word was found as typed (or as the start of a word),
 * or when nothing was found to correct against.
 */
export function correctedSearch(text: string, found: readonly Named[]): string | null {
  // Every search's answer asks this, so it allocates little: the names' kept words, each word once (names on a
  // page share most of their words), no copies per word.
  const pageWords: NameWord[] = [];
  const listed = ++listing;
  for (const product of found)
    for (const word of wordsOf(product))
      if (word.listed !== listed) {
        word.listed = listed;
        pageWords.push(word);
      }
  if (pageWords.length === 0) return null;
  let changed = false;
  const words = searchTokens(text).map((token) => {
    for (const { word, typo } of pageWords) if (typo.startsWith(token) || word.startsWith(token)) return token;
    const typed = asciiTrigrams(token);
    if (!typed) return token;
    const mark = ++typedWords;
    for (const t of typed) {
      const id = trigramIds.get(t);
      if (id !== undefined) heldBy[id] = mark;
    }
    let best: { word: string; s: number } | null = null;
    for (const { word, own } of pageWords) {
      if (!own) continue;
      let shared = 0;
      for (const id of own) if (heldBy[id] === mark) shared += 1;
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
