import { tokensOf, type QueryPart, type UnderstoodQuery } from '@haat/shared/search/query-understanding';
import { searchTokens } from './search.repository.js';

/**
 * Word boundaries and stems (docs/product.md#search): PostgreSQL's English stemmer, which the index's lexemes follow,
 * reduces "Banking" to bank, so a search of "bank" matches the Banking books through a longer word, though no
 * product is a bank. A one-word search whose page holds its word in no name as a word of its own (or its plural), only
 * inside a longer word it is the stem of ("-ing": an activity, another thing), names nothing the shop sells. A page
 * found through a shelf's name or a product's description, or with one name holding the word whole, is kept.
 */
export function onlyInsideLongerWords(word: string, names: readonly string[]): boolean {
  if (!/^[a-z]{3,}$/.test(word) || names.length === 0) return false;
  const whole = new RegExp(`\\b${word}(?:e?s)?\\b`, 'i');
  const longer = new RegExp(`\\b${word}(?:ing|ings)\\b`, 'i');
  return names.every((name) => !whole.test(name) && longer.test(name));
}

/** Whether a name holds every token as a word of its own (or its plural): "Ginger Chai" holds chai; "Pencils" does not hold pen. */
export function nameHolds(name: string, tokens: string[]): boolean {
  const words = name.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u);
  return tokens.every((t) => words.some((w) => w === t || w === `${t}s` || w === `${t}es`));
}

/** The name of the best match of some words (the search index's first product), or null. */
export type BestName = (words: string[]) => Promise<string | null>;

/**
 * A word that orders or leaves out is a word of the catalogue's own names when it is one ("Latest Edition",
 * "Non-stick"): when the best match of the part's words as typed with the rest of the query's words has a name
 * holding every one of them ("biology latest edition", "non stick kadai"), they are searched for instead of ordering
 * or leaving out; "latest" alone, "latest kurti" and "biscuits non chocolate" still order and leave out. A search of
 * one product for the rare query with such a part, none for the rest.
 */
export async function namesOwnWords(text: string, understood: UnderstoodQuery, bestName: BestName): Promise<UnderstoodQuery> {
  const said = understood.parts.filter((p) => p.kind === 'sort' || p.kind === 'exclude');
  if (said.length === 0 || understood.words.length === 0) return understood;
  const typed = tokensOf(text).map((t) => t.text);
  const held = await Promise.all(
    said.map(async (part) => {
      const words = [...typed.slice(part.from, part.to), ...understood.words];
      const name = await bestName(words);
      return name !== null && nameHolds(name, searchTokens(words.join(' ')));
    }),
  );
  const named: QueryPart[] = said.filter((_, k) => held[k]);
  if (named.length === 0) return understood;
  // In the order typed: "biology latest edition" searches biology, latest and edition.
  const words = typed.filter((w, i) => named.some((p) => i >= p.from && i < p.to) || understood.words.includes(w));
  return { ...understood, words: [...new Set([...words, ...understood.words])], parts: understood.parts.filter((p) => !named.includes(p)) };
}

/**
 * The brand a word names, as the shop writes it ("titan" → "Titan", "boat" → "boAt"), or null: the first word of
 * the best match of the word alone, when its name begins with the word (a brand leads its products' names, and a
 * one-word search ranks those first: index/weights.ts); a book's name is its title ("Small Habits … by …"), no brand.
 */
export async function brandNamed(word: string, bestName: BestName): Promise<string | null> {
  const name = await bestName([word]);
  const first = name?.split(/[\s,]+/)[0] ?? '';
  return name !== null && searchTokens(first)[0] === word && !/\bby\b/i.test(name) ? first : null;
}
