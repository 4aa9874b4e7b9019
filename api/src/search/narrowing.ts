import { sql, type SQL } from 'drizzle-orm';
import type { QueryPart } from '@haat/shared/search/query-understanding';
import type { Occasion } from '@haat/shared/search/occasions';
import { AGE_GROUP, AGE_SPAN, FAR, PACK_IN_NAME, occasionShelves, shelfWords } from '@haat/shared/search/query-narrowing';
import { COLOURS, MATERIALS, SHELF_AUDIENCE_WORDS } from '@haat/shared/search/query-vocabulary';
import { onShelfCalled, onShelfNamed } from '../catalog/index.js';
import type { Slots } from '../db/database.js';
import { productHasOptionSql } from '../inventory/index.js';
import type { IndexNarrowing } from './index/index-query.js';
import { PACK_UNITS } from './index/narrowing-facts.js';

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
  /** Per part left out, its words (a product holding them all goes), or null. */
  excluded: string[] | null;
  /** An option's name the nearest products are sold in ("XL"), or null. */
  size: string | null;
  /** The shelves (names) an occasion's gifts come from, or null. */
  occasionShelves: string[] | null;
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
  excluded: null,
  size: null,
  occasionShelves: null,
};

/** The slot values of a query's parts (price aside), for these searched words; `leftOut`: the words left out as searched (else as read). */
export function narrowingValues(
  parts: readonly QueryPart[],
  words: readonly string[],
  leftOut: string[] | null = null,
  occasions?: readonly Occasion[],
): NarrowingValues {
  const values: NarrowingValues = { ...NO_NARROWING, kindWords: words.length ? words.join(' ') : null };
  const audience = parts.find((p) => p.kind === 'audience');
  for (const part of parts) {
    if (part.kind === 'colour') values.colour = part.colour;
    else if (part.kind === 'material') values.material = part.material;
    else if (part.kind === 'pack') [values.packAmount, values.packUnit] = [part.amount, part.unit];
    else if (part.kind === 'age') values.age = part.years;
    else if (part.kind === 'size') values.size = part.size;
    else if (part.kind === 'exclude') values.excluded = leftOut ?? [...(values.excluded ?? []), part.words.join(' ')];
    else if (part.kind === 'occasion') values.occasionShelves = occasionShelves(part.occasion, audience?.audience ?? null, occasions);
    else if (part.kind === 'audience') {
      const words = shelfWords(part.audience);
      // A child's age says more than the shelf: the nearest toys come first from every shelf not for others.
      [values.ownShelf, values.otherShelf] = [parts.some((p) => p.kind === 'age') ? null : words.own, words.others];
    }
  }
  return values;
}

/** Whether this query narrows at all (price aside). */
export const narrows = (v: NarrowingValues) =>
  v.colour !== null ||
  v.material !== null ||
  v.packAmount !== null ||
  v.packUnit !== null ||
  v.age !== null ||
  v.ownShelf !== null ||
  v.otherShelf !== null ||
  v.excluded !== null ||
  v.size !== null ||
  v.occasionShelves !== null;

/** Whether a query asks for the nearest pack, age or size (an order, not a filter: nearness). */
export const measures = (v: NarrowingValues) => v.packUnit !== null || v.age !== null || v.size !== null;

/** Products on a shelf (subcategory or category) whose name holds one of `words` (a text[] value): the catalogue's fragment. */
const onShelf = onShelfNamed;
const colourIs = (colour: SQL) => sql`products.name ~* ('\\m' || ${colour}::text || '$')`;
const materialIs = (material: SQL) => sql`products.search @@ to_tsquery('english', ${material}::text)`;
/** The pack a name ends with, from `regexp_match(products.name, PACK_IN_NAME, 'i') as m`: its unit, and its amount in that unit. */
const PACK_UNIT = sql.raw(`case when m[3] is not null then 'pcs' when lower(m[2]) in ('g', 'gm', 'kg') then 'g' else 'ml' end`);
const PACK_AMOUNT = sql.raw(`coalesce(m[3]::numeric, m[1]::numeric * case when lower(m[2]) in ('kg', 'l') then 1000 else 1 end)`);
/** The first and last year of an age group, from `regexp_match(trim(products.more_details ->> 'Age group'), AGE_GROUP, 'i') as m`. */
const AGE_PER = `case when lower(m[3]) like 'month%' then 12 else 1 end`;
const AGE_FROM = sql.raw(`m[1]::numeric / ${AGE_PER}`);
const AGE_TO = sql.raw(`coalesce(m[2]::numeric / ${AGE_PER}, m[1]::numeric / ${AGE_PER} + ${AGE_SPAN})`);

/** The conditions, each true when its value is null (a pack, an age and a size drop nothing: see `nearness`). */
export const narrowing = (p: Slots<NarrowingValues>) => sql`
    and (${p.colour}::text is null or ${colourIs(sql`${p.colour}`)})
    and (${p.material}::text is null or ${materialIs(sql`${p.material}`)})
    and (${p.otherShelf}::text[] is null or not ${onShelf(sql`${p.otherShelf}`)})
    and (${p.excluded}::text[] is null or not exists (select 1 from unnest(${p.excluded}::text[]) as e where products.search @@ plainto_tsquery('english', e)))
    and (${p.occasionShelves}::text[] is null or ${onShelfCalled(sql`${p.occasionShelves}`)})`;

/**
 * How near a product is to the pack, age and size asked (shared/src/search/query-narrowing.ts `nearness`): 0 when
 * exactly, the pack a ratio away (|ln|), the age years away from the range, FAR for each it says nothing of; 0 when
 * none is asked. Pages are ordered nearest first.
 */
export const nearness = (p: Slots<NarrowingValues>) => sql`(
    case when ${p.packUnit}::text is null then 0 else coalesce((
      select case when ${PACK_UNIT} = ${p.packUnit}::text then abs(ln(${PACK_AMOUNT} / ${p.packAmount}::numeric)) end
      from regexp_match(products.name, ${PACK_IN_NAME}, 'i') as m), ${sql.raw(String(FAR))}) end
  + case when ${p.age}::numeric is null then 0 else coalesce((
      select case when m is not null then greatest(0, ${AGE_FROM} - ${p.age}::numeric, ${p.age}::numeric - ${AGE_TO}) end
      from regexp_match(trim(products.more_details ->> 'Age group'), ${AGE_GROUP}, 'i') as m), ${sql.raw(String(FAR))}) end
  + case when ${p.size}::text is null then 0
      when ${productHasOptionSql(sql`${p.size}::text`)} then 0
      else ${sql.raw(String(FAR))} end)::float8`;

/**
 * Whether a product is on the shopper's own shelves and holds every searched word (false when the query says nobody):
 * "shirt for men" prefers Men's Wear's shirts; "black t-shirt for men" finds no T-shirt there, so it keeps the T-shirts.
 */
export const onOwnShelf = (p: Slots<NarrowingValues>) =>
  sql`(${p.ownShelf}::text[] is not null and ${onShelf(sql`${p.ownShelf}`)} and (${p.kindWords}::text is null or products.search @@ plainto_tsquery('english', ${p.kindWords}::text)))`;

/** The shelf groups a query's audience keeps or prefers, in the order of their bits in NARROWING_FACTS. */
const SHELF_GROUPS = Object.keys(SHELF_AUDIENCE_WORDS) as Array<keyof typeof SHELF_AUDIENCE_WORDS>;

/** The shelf groups (bits) whose words make up `words` exactly; null when they do not (a word of no group). */
function shelfBits(words: readonly string[]): number | null {
  let bits = 0;
  let covered = 0;
  SHELF_GROUPS.forEach((group, k) => {
    if (SHELF_AUDIENCE_WORDS[group].every((w) => words.includes(w))) [bits, covered] = [bits | (1 << k), covered + SHELF_AUDIENCE_WORDS[group].length];
  });
  return covered === new Set(words).size ? bits : null;
}

/**
 * These values (price aside) as the search index applies them (narrowing-facts.ts), the own shelves' words to hold
 * aside (the index's owner asks PostgreSQL what they are); null when a value has no fact (the statements answer).
 */
export function indexNarrowing(v: NarrowingValues): Omit<IndexNarrowing, 'kindLexemes' | 'excludedLexemes'> | null {
  const colour = v.colour === null ? 0 : COLOURS.indexOf(v.colour as (typeof COLOURS)[number]) + 1;
  const material = v.material === null ? -1 : MATERIALS.indexOf(v.material as (typeof MATERIALS)[number]);
  const unit = v.packUnit === null ? 0 : (PACK_UNITS[v.packUnit as keyof typeof PACK_UNITS] ?? -1);
  const [own, others] = [v.ownShelf === null ? 0 : shelfBits(v.ownShelf), v.otherShelf === null ? 0 : shelfBits(v.otherShelf)];
  if ((v.colour !== null && colour === 0) || (v.material !== null && material < 0) || unit < 0 || own === null || others === null) return null;
  // An occasion's shelves and the nearest pack, age or size: PostgreSQL keeps and orders the index's ranking. What is
  // left out the index applies (its lexemes, asked of PostgreSQL once: index.service.ts `narrowedSearch`).
  if (v.occasionShelves !== null || measures(v)) return null;
  return {
    colour,
    materials: material < 0 ? 0 : 1 << material,
    packUnit: unit,
    packAmount: v.packAmount ?? 0,
    age: v.age,
    ageSpan: AGE_SPAN,
    ownShelves: own,
    otherShelves: others,
  };
}

const bits = (conditions: SQL[]) =>
  sql.join(
    conditions.map((condition, k) => sql`(case when ${condition} then ${sql.raw(String(1 << k))} else 0 end)`),
    sql` + `,
  );

/**
 * What the search index keeps of a product to apply a query's parts itself (index/narrowing-facts.ts), by the
 * conditions above, so the index and these statements keep the same products: one text
 * `colour|materials|shelves|pack unit|pack amount|age from`, in order: 1 + the place in COLOURS of the colour its
 * name ends with (0: none), a bit per MATERIALS it holds, a bit per SHELF_GROUPS it is on, its pack ('' when none)
 * and the first year of its age group ('' when none).
 */
export const NARROWING_FACTS = sql`concat_ws('|',
  case ${sql.join(
    COLOURS.map((colour, k) => sql`when ${colourIs(sql`${colour}`)} then ${sql.raw(String(k + 1))}`),
    sql` `,
  )} else 0 end,
  ${bits(MATERIALS.map((material) => materialIs(sql`${material}`)))},
  ${bits(SHELF_GROUPS.map((group) => onShelf(sql`${sql.raw(textArray(SHELF_AUDIENCE_WORDS[group]))}`)))},
  coalesce((select ${PACK_UNIT} || '|' || ${PACK_AMOUNT} from regexp_match(products.name, ${PACK_IN_NAME}, 'i') as m), '|'),
  coalesce((select (${AGE_FROM})::text from regexp_match(trim(products.more_details ->> 'Age group'), ${AGE_GROUP}, 'i') as m), ''))`;

/** A text[] literal of plain lower-case words. */
function textArray(words: readonly string[]): string {
  if (words.some((w) => !/^[a-z]+$/.test(w))) throw new Error('shelf words are plain lower-case letters');
  return `array[${words.map((w) => `'${w}'`).join(', ')}]`;
}
