import type { Product } from '../catalog/catalog.types.js';
import { discountedPrice } from '../money/pricing.js';
import type { QueryPart } from './query-understanding.js';
import { OWN_SHELVES, SHELF_AUDIENCE_WORDS, type Audience } from './query-vocabulary.js';

/**
 * What each understood part of a query keeps (docs/product.md#search), as the device's offline search applies it to
 * the products it holds; the server applies the same rules in SQL (api/src/search/narrowing.sql.ts), with the
 * patterns below, so a product's pack and age are read the same way in both places.
 * - price: the selling price after discount (docs/product.md#rules-and-limits) within the limits;
 * - colour: the name ends with the colour (the catalogue names a product's colour last: "…, Red");
 * - material: the name or description says it;
 * - pack: the pack the name ends with ("…, 1 kg", "…, Pack of 10"), in grams, millilitres or pieces;
 * - age: the 'Age group' detail ("3+ years", "6+ months") is from that age and at most AGE_SPAN years younger;
 * - who: products on a shelf for other shoppers go ("Men's Wear" for women); if some of the rest on the shopper's own
 *   shelves ("Kids Corner" for a boy) hold every searched word, only products on those shelves stay ("shirt for men":
 *   Men's Wear's shirts; "black t-shirt for men": the T-shirts, as Men's Wear has none).
 */

/** A pack at the end of a name: an amount and its unit, or "Pack of N" (PostgreSQL and JavaScript read it alike). */
export const PACK_IN_NAME = '(\\d+(?:\\.\\d+)?) ?(g|gm|kg|ml|l)$|pack of (\\d+)$';
/** An age group detail: "6+ years", "18+ months". */
export const AGE_GROUP = '^(\\d+)\\+ ?(years?|months?)$';
/** How many years past the start of its age group a toy still suits a child. */
export const AGE_SPAN = 5;
/** The words of a shelf name, as both sides split it: lower case, on anything but a-z. */
export const SHELF_NAME_SPLIT = '[^a-z]+';

const PACK = new RegExp(PACK_IN_NAME, 'i');
const AGE = new RegExp(AGE_GROUP, 'i');
const SHELF_SPLIT = new RegExp(SHELF_NAME_SPLIT);
const GRAMS: Record<string, { unit: 'g' | 'ml'; times: number }> = {
  g: { unit: 'g', times: 1 },
  gm: { unit: 'g', times: 1 },
  kg: { unit: 'g', times: 1000 },
  ml: { unit: 'ml', times: 1 },
  l: { unit: 'ml', times: 1000 },
};

/** The pack a product's name ends with, in base units, or null. */
export function packOfName(name: string): { amount: number; unit: 'g' | 'ml' | 'pcs' } | null {
  const m = PACK.exec(name);
  if (!m) return null;
  if (m[3]) return { amount: Number(m[3]), unit: 'pcs' };
  const u = GRAMS[m[2]!.toLowerCase()]!;
  return { amount: Number(m[1]) * u.times, unit: u.unit };
}

/** Whether an age group detail suits a child of `years`. */
export function ageFits(group: unknown, years: number): boolean {
  const m = typeof group === 'string' ? AGE.exec(group.trim()) : null;
  if (!m) return false;
  const from = m[2]!.toLowerCase().startsWith('month') ? Number(m[1]) / 12 : Number(m[1]);
  return from <= years && years - from <= AGE_SPAN;
}

/** The shelf-name words of shoppers other than this audience, and of its own (see OWN_SHELVES). */
export function shelfWords(audience: Audience): { own: string[]; others: string[] } {
  const own = OWN_SHELVES[audience];
  const groups = Object.keys(SHELF_AUDIENCE_WORDS) as Array<keyof typeof SHELF_AUDIENCE_WORDS>;
  return {
    own: own.flatMap((g) => SHELF_AUDIENCE_WORDS[g]),
    others: groups.filter((g) => !own.includes(g)).flatMap((g) => SHELF_AUDIENCE_WORDS[g]),
  };
}

const onShelfOf = (product: Product, words: string[]) =>
  [...product.category, ...product.subCategory].some((s) =>
    s.name
      .toLowerCase()
      .split(SHELF_SPLIT)
      .some((w) => words.includes(w)),
  );

/** Whether a product passes one part (who it is for aside: see narrowProducts). */
function keeps(product: Product, part: QueryPart): boolean {
  switch (part.kind) {
    case 'price': {
      const paid = discountedPrice(product.price, product.discount);
      return (part.min === null || paid >= part.min) && (part.max === null || paid <= part.max);
    }
    case 'colour':
      return product.name.toLowerCase().endsWith(part.colour.toLowerCase());
    case 'material':
      return `${product.name} ${product.description}`.toLowerCase().includes(part.material);
    case 'pack': {
      const pack = packOfName(product.name);
      return !!pack && pack.unit === part.unit && pack.amount === part.amount;
    }
    case 'age':
      return ageFits(product.more_details['Age group'], part.years);
    case 'audience':
      return !onShelfOf(product, shelfWords(part.audience).others);
  }
}

/**
 * The products every part keeps, in their order (the device's offline search: docs/product.md#search). Who it is for
 * prefers the products on the shopper's own shelves that hold every searched word (`words`), when there are some.
 */
export function narrowProducts<P extends Product>(products: readonly P[], parts: readonly QueryPart[], words: readonly string[] = []): P[] {
  const kept = products.filter((p) => parts.every((part) => keeps(p, part)));
  const audience = parts.find((p) => p.kind === 'audience');
  if (!audience) return kept;
  const own = shelfWords(audience.audience).own;
  const holds = (p: Product) => words.every((w) => p.name.toLowerCase().includes(w.toLowerCase()));
  const mine = kept.filter((p) => onShelfOf(p, own) && holds(p));
  return mine.length ? kept.filter((p) => onShelfOf(p, own)) : kept;
}
