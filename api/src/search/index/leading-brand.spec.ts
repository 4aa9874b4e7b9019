import { SearchIndex, type IndexQuery, type IndexedProduct } from './search-index.js';
import { asciiTrigrams, typoForm } from './trigrams.js';
import { Vocabulary } from './vocabulary.js';

/** A name's words at positions 1, 2, … with the name's weight, as PostgreSQL packs them. */
const NAME = 3 << 14;
const named = (n: number, words: string[]): IndexedProduct => ({
  id: `01JD${String(n).padStart(22, '0')}`,
  updatedAt: 1_700_000_000_000_000,
  entries: words.map((lexeme, i) => ({ lexeme, positions: [NAME | (i + 1)] })),
  nameTrigrams: asciiTrigrams(words.join(' ')) ?? [],
  shelf: [],
  facts: '',
});
const query = (...tokens: string[]): IndexQuery => ({
  tokens,
  stems: tokens,
  textTrigrams: asciiTrigrams(tokens.join(' ')) ?? [],
  limit: 10,
  offset: 0,
});

/** The index's answer as product numbers, for both ways it ranks (early stop and every match). */
function answers(products: IndexedProduct[], q: IndexQuery): number[][] {
  const words = [...new Set(products.flatMap((p) => p.entries.map((e) => e.lexeme)))];
  return [false, true].map((exhaustive) => {
    const index = new SearchIndex(new Vocabulary(words.map((word) => ({ word, trigrams: asciiTrigrams(typoForm(word)) ?? [] }))), { exhaustive });
    for (const p of products) index.put(p);
    index.compact();
    const answer = index.search(q);
    if (answer === 'sql') throw new Error('the index did not answer');
    return answer.ids.map((id) => Number(id.slice(4)));
  });
}

describe("a name's first word (its brand) in the ranking", () => {
  it('puts the brand first in a search of that word alone', () => {
    const catalogue = [named(1, ['prestig', 'cooker']), named(2, ['titan', 'prestig', 'watch'])];
    // Newest first would put the watch first; the brand leading the cooker's name outranks it.
    for (const ids of answers(catalogue, query('prestig'))) expect(ids).toEqual([1, 2]);
  });

  it('counts no more than the kind typed beside it when no product holds both', () => {
    // "haldiram bhujia" where Haldiram sells no bhujia: its other snacks and other brands' bhujias rank alike, newest first,
    // instead of every Haldiram product before the first bhujia.
    const catalogue = [named(1, ['haldiram', 'raisin']), named(2, ['haldiram', 'khatta', 'meetha']), named(3, ['bikaji', 'aloo', 'bhujia'])];
    for (const ids of answers(catalogue, query('haldiram', 'bhujia'))) expect(ids).toEqual([3, 2, 1]);
  });

  it('still ranks the products holding both words first', () => {
    const catalogue = [named(1, ['haldiram', 'bhujia']), named(2, ['haldiram', 'raisin']), named(3, ['bikaji', 'bhujia'])];
    for (const ids of answers(catalogue, query('haldiram', 'bhujia'))) expect(ids[0]).toBe(1);
  });
});
