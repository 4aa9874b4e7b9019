import type { Product } from '@haat/shared/catalog/catalog.types';
import { narrowProducts } from '@haat/shared/search/query-narrowing';
import { understandQuery } from '@haat/shared/search/query-understanding';

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Edit distance, stopping early once it exceeds `max` (words are short; this stays cheap). */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return false;
    prev = row;
  }
  return prev[b.length]! <= max;
}

/** How well one typed word matches a product word: 2 exact or prefix, 1 a typo away, 0 not at all. */
function wordScore(typed: string, word: string): number {
  if (word === typed || word.startsWith(typed)) return 2;
  const allowed = typed.length >= 7 ? 2 : typed.length >= 4 ? 1 : 0;
  return allowed > 0 && withinEdits(typed, word.slice(0, typed.length + allowed), allowed) ? 1 : 0;
}

/** Search over the saved products, forgiving typos as the server does (a prefix, or one or two edits), best first. */
export function rankOffline(products: readonly Product[], term: string): Product[] {
  const typed = words(term).filter((w) => w.length > 1);
  if (typed.length === 0) return [...products];
  const scored: Array<{ product: Product; score: number }> = [];
  for (const product of products) {
    const vocabulary = words([product.name, ...product.category.map((c) => c.name), ...product.subCategory.map((s) => s.name)].join(' '));
    let score = 0;
    for (const t of typed) {
      const best = Math.max(0, ...vocabulary.map((w) => wordScore(t, w)));
      if (best === 0) {
        score = 0;
        break;
      }
      score += best;
    }
    if (score > 0) scored.push({ product, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.product);
}

/**
 * The device's search (docs/product.md#search): the query read as the server reads it (shared query understanding),
 * its words ranked over the saved products, then narrowed by its parts (price after discount, who, age, colour,
 * material, pack) by the same rules the server applies.
 */
export function searchOffline(products: readonly Product[], term: string): Product[] {
  const { words, parts, unmatched } = understandQuery(term);
  if (words.length === 0 && parts.length === 0 && unmatched.length > 0) return [];
  return narrowProducts(rankOffline(products, words.join(' ')), parts, words);
}
