import type { Product } from '../catalog/catalog.types.js';
import { discountedPrice } from '../money/pricing.js';
import type { QueryPart } from './query-understanding.js';
import { OWN_SHELVES, SHELF_AUDIENCE_WORDS, type Audience } from './query-vocabulary.js';
import { OCCASIONS, type Occasion } from './occasions.js';

/**
 * What each understood part of a query keeps (docs/product.md#search), as the device's offline search applies it to
 * the products it holds; the server applies the same rules in SQL (api/src/search/narrowing.sql.ts), with the
 * patterns below, so a product's pack and age are read the same way in both places.
 * - price: the selling price after discount (docs/product.md#rules-and-limits) within the limits;
 * - colour: the name ends with the colour (the catalogue names a product's colour last: "…, Red");
 * - material: the name or description says it;
 * - pack, age, size: nothing is dropped; the nearest come first (`nearness`): the pack the name ends with ("…, 1 kg",
 *   "…, Pack of 10") a ratio away from the asked one, the 'Age group' range ("3-8 years", "6-24 months"; "3+ years"
 *   runs AGE_SPAN years) years away from the child's age (0 inside it), an option named as the size; products that
 *   say none after those that do;
 * - exclude: a product holding every word left out (in its name or description) goes;
 * - occasion: products on the occasion's shelves for whom the query is (occasions.ts);
 * - sort: the page in that order (price after discount, newest, average rating), after nearness;
 * - who: products on a shelf for other shoppers go ("Men's Wear" for women); if some of the rest on the shopper's own
 *   shelves ("Kids Corner" for a boy) hold every searched word, only products on those shelves stay ("shirt for men":
 *   Men's Wear's shirts; "black t-shirt for men": the T-shirts, as Men's Wear has none).
 */

/** A pack at the end of a name: an amount and its unit, or "Pack of N" (PostgreSQL and JavaScript read it alike). */
export const PACK_IN_NAME = '(\\d+(?:\\.\\d+)?) ?(g|gm|kg|ml|l)$|pack of (\\d+)$';
/** An age group detail: a range ("3-8 years", "6-24 months") or from an age on ("6+ years", "18+ months"). */
export const AGE_GROUP = '^(\\d+)(?: ?- ?(\\d+)|\\+) ?(years?|months?)$';
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

/** An age group detail's range in years, or null. */
export function ageRange(group: unknown): [from: number, to: number] | null {
  const m = typeof group === 'string' ? AGE.exec(group.trim()) : null;
  if (!m) return null;
  const per = m[3]!.toLowerCase().startsWith('month') ? 1 / 12 : 1;
  const from = Number(m[1]) * per;
  return [from, m[2] ? Number(m[2]) * per : from + AGE_SPAN];
}

/** How many years a child of `years` is from an age group's range: 0 inside it; null when there is none. */
export function ageDistance(group: unknown, years: number): number | null {
  const range = ageRange(group);
  return range && Math.max(0, range[0] - years, years - range[1]);
}

/** How far a product's pack is from the asked one, as |ln(ratio)|: 0 for the same; null when it has none of that unit. */
export function packDistance(name: string, part: { amount: number; unit: string }): number | null {
  const pack = packOfName(name);
  return pack && pack.unit === part.unit ? Math.abs(Math.log(pack.amount / part.amount)) : null;
}

/** What a measure of nearness stands at for a product that says nothing of it (after every product that does). */
export const FAR = 1000;

/** An occasion by its name (from `list`: the shop's own, else the kept list), and the shelves its gifts come from for this audience. */
export function occasionShelves(name: string, audience: Audience | null, list: readonly Occasion[] = OCCASIONS): string[] {
  const occasion: Occasion | undefined = list.find((o) => o.name === name);
  if (!occasion) return [];
  const who = audience ?? occasion.audience ?? null;
  return (who === 'women' || who === 'girls' ? occasion.women : who === 'men' || who === 'boys' ? occasion.men : null) ?? occasion.shelves;
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

/** Whether a product passes one part (who it is for and the occasion aside: see narrowProducts; nearness and order drop nothing). */
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
    case 'exclude': {
      const text = `${product.name} ${product.description}`.toLowerCase();
      return !part.words.every((w) => text.includes(w.toLowerCase()));
    }
    case 'audience':
      return !onShelfOf(product, shelfWords(part.audience).others);
    default:
      return true;
  }
}

/** How near a product is to what the query's pack, age and size ask (0: exactly), FAR for each it says nothing of. */
function nearness(product: Product, parts: readonly QueryPart[]): number {
  let sum = 0;
  for (const part of parts) {
    if (part.kind === 'pack') sum += packDistance(product.name, part) ?? FAR;
    else if (part.kind === 'age') sum += ageDistance(product.more_details['Age group'], part.years) ?? FAR;
    else if (part.kind === 'size') sum += product.variants.some((v) => v.name.toUpperCase() === part.size) ? 0 : FAR;
  }
  return sum;
}

const ORDER_KEY: Record<string, (p: Product) => number> = {
  lowToHigh: (p) => discountedPrice(p.price, p.discount),
  highToLow: (p) => -discountedPrice(p.price, p.discount),
  newest: (p) => -Date.parse(p.createdAt),
  rating: (p) => -p.averageRating,
};

/**
 * The products every part keeps, nearest first, in the order the query asks or else theirs (the device's offline
 * search: docs/product.md#search). Who it is for prefers the products on the shopper's own shelves that hold every
 * searched word (`words`), when there are some; an occasion keeps its shelves' products.
 */
export function narrowProducts<P extends Product>(products: readonly P[], parts: readonly QueryPart[], words: readonly string[] = []): P[] {
  let kept = products.filter((p) => parts.every((part) => keeps(p, part)));
  const audience = parts.find((p) => p.kind === 'audience');
  const occasion = parts.find((p) => p.kind === 'occasion');
  if (occasion) {
    const shelves = occasionShelves(occasion.occasion, audience?.audience ?? null);
    kept = kept.filter((p) => [...p.category, ...p.subCategory].some((s) => shelves.includes(s.name)));
  }
  const sort = parts.find((p) => p.kind === 'sort');
  const order = sort ? ORDER_KEY[sort.sort]! : () => 0;
  const near = new Map(kept.map((p, k) => [p, [nearness(p, parts), order(p), k] as const]));
  kept.sort((a, b) => {
    const [x, y] = [near.get(a)!, near.get(b)!];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  if (!audience) return kept;
  const own = shelfWords(audience.audience).own;
  const holds = (p: Product) => words.every((w) => p.name.toLowerCase().includes(w.toLowerCase()));
  const mine = kept.filter((p) => onShelfOf(p, own) && holds(p));
  return mine.length ? kept.filter((p) => onShelfOf(p, own)) : kept;
}
