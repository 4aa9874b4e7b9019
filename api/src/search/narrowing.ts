import { sql } from 'drizzle-orm';
import type { QueryPart } from '@haat/shared/search/query-understanding';
import { AGE_GROUP, AGE_SPAN, PACK_IN_NAME, SHELF_NAME_SPLIT, shelfWords } from '@haat/shared/search/query-narrowing';
import type { Slots } from '../db/database.js';

/**
 * What the understood parts of a query keep, in SQL on `products` (never aliased), beside the listing's price and
 * stock filters: the rules of shared/src/search/query-narrowing.ts (docs/product.md#search), with its patterns, so a
 * pack or an age is read alike on the server and on the device. Each holds when its value is null, so one statement
 * serves every combination. The price limit is the listing's minPrice/maxPrice (the selling price after discount).
 */
export interface NarrowingValues {
  colour: string | null;
  material: string | null;
  packAmount: number | null;
  packUnit: string | null;
  age: number | null;
  /** Shelf-name words of the shopper's own shelves and of other shoppers' (who it is for), or null. */
  ownShelf: string[] | null;
  otherShelf: string[] | null;
  /** The words searched for (the index's tokens), which a product on the shopper's own shelves must hold to be preferred. */
  kindWords: string | null;
}

export const NO_NARROWING: NarrowingValues = {
  colour: null,
  material: null,
  packAmount: null,
  packUnit: null,
  age: null,
  ownShelf: null,
  otherShelf: null,
  kindWords: null,
};

/** The slot values of a query's parts (price aside), for these searched words. */
export function narrowingValues(parts: readonly QueryPart[], words: readonly string[]): NarrowingValues {
  const values = { ...NO_NARROWING, kindWords: words.length ? words.join(' ') : null };
  for (const part of parts) {
    if (part.kind === 'colour') values.colour = part.colour;
    else if (part.kind === 'material') values.material = part.material;
    else if (part.kind === 'pack') [values.packAmount, values.packUnit] = [part.amount, part.unit];
    else if (part.kind === 'age') values.age = part.years;
    else if (part.kind === 'audience') {
      const words = shelfWords(part.audience);
      [values.ownShelf, values.otherShelf] = [words.own, words.others];
    }
  }
  return values;
}

/** Whether this query narrows at all (price aside). */
export const narrows = (v: NarrowingValues) => Object.entries(v).some(([k, x]) => k !== 'kindWords' && x !== null);

/** Products on a shelf (subcategory or category) whose name holds one of `words`. */
const onShelf = (words: unknown) => sql`(
  products.sub_category_ids && array(select id from sub_categories where regexp_split_to_array(lower(name), ${SHELF_NAME_SPLIT}) && ${words}::text[])
  or products.category_ids && array(select id from categories where regexp_split_to_array(lower(name), ${SHELF_NAME_SPLIT}) && ${words}::text[]))`;

/** The conditions, each true when its value is null. */
export const narrowing = (p: Slots<NarrowingValues>) => sql`
    and (${p.colour}::text is null or products.name ~* ('\\m' || ${p.colour}::text || '$'))
    and (${p.material}::text is null or products.search @@ to_tsquery('english', ${p.material}::text))
    and (${p.packUnit}::text is null or (
      select case when m[3] is not null then 'pcs' when lower(m[2]) in ('g', 'gm', 'kg') then 'g' else 'ml' end = ${p.packUnit}::text
        and coalesce(m[3]::numeric, m[1]::numeric * case when lower(m[2]) in ('kg', 'l') then 1000 else 1 end) = ${p.packAmount}::numeric
      from regexp_match(products.name, ${PACK_IN_NAME}, 'i') as m) is true)
    and (${p.age}::numeric is null or (
      select ${p.age}::numeric - m[1]::numeric / case when lower(m[2]) like 'month%' then 12 else 1 end between 0 and ${AGE_SPAN}
      from regexp_match(trim(products.more_details ->> 'Age group'), ${AGE_GROUP}, 'i') as m) is true)
    and (${p.otherShelf}::text[] is null or not ${onShelf(p.otherShelf)})`;

/**
 * Whether a product is on the shopper's own shelves and holds every searched word (false when the query says nobody):
 * "shirt for men" prefers Men's Wear's shirts; "black t-shirt for men" finds no T-shirt there, so it keeps the T-shirts.
 */
export const onOwnShelf = (p: Slots<NarrowingValues>) =>
  sql`(${p.ownShelf}::text[] is not null and ${onShelf(p.ownShelf)} and (${p.kindWords}::text is null or products.search @@ plainto_tsquery('english', ${p.kindWords}::text)))`;
