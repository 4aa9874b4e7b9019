import { sql } from 'drizzle-orm';
import { defineStatement, type Db, type NamedStatement, type Slots } from '../db/database.js';
import { PRODUCT_SELECT_LIST, productLexemes, toProductRow, type ProductRow, type SearchSort } from '../catalog/index.js';
import { productInStockSql } from '../inventory/index.js';
import { searchWords } from './search-words.table.js';
import { TYPO_ALTERNATIVES, TYPO_FORM_SQL } from './index/trigrams.js';
import { WORD } from './index/weights.js';
import { NO_NARROWING, narrowing, narrows, nearness, onOwnShelf, type NarrowingValues } from './narrowing.js';
import { FAR } from '@haat/shared/search/query-narrowing';

/** A page's order: a listing's own (price, date), or one a query's words asked for (docs/product.md#search), which adds the best rated first. */
export type SearchPageOrder = SearchSort | 'rating';

/**
 * The statements of product search: the vocabulary (search's own table) and the catalogue's
 * published products, read through the select list the catalogue gives (api/src/search decides which
 * statement answers).
 */

const MAX_TOKENS = 8;

/** Splits what the shopper typed into safe words (letters, with their marks — Devanagari's vowel signs — and digits only). */
export function searchTokens(text: string): string[] {
  const all = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  const long = all.filter((t) => t.length > 1);
  return (long.length ? long : all).slice(0, MAX_TOKENS);
}

/**
 * Keeps the vocabulary in step with the catalogue: every lexeme of these products becomes searchable. Words go in in
 * their sort order: two writers learning the same new words at once (a product saved, an import's batch) then wait
 * for each other in one order and never deadlock.
 */
export async function learnWords(db: Db, productIds?: string[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  await db.execute(sql`
    insert into ${searchWords} (word)
    ${productLexemes(productIds)}
    order by w
    on conflict do nothing`);
}

/** What one search statement returns: a page of rows in the asked order and how many matched in all. */
export interface RankedPage {
  rows: ProductRow[];
  total: number;
}

/** A search's page and a listing's filters and order, when it has them (see rankedSearch). */
export interface SearchPage {
  limit: number;
  offset: number;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: SearchPageOrder;
  /** What the query's understood parts keep (narrowing.ts), besides its price limit (minPrice, maxPrice). */
  narrowing?: NarrowingValues;
}

/** The values of a page's filters and order (see SearchPage), one slot each. */
interface FilterValues extends NarrowingValues {
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  sort: SearchPageOrder | null;
}

/** The values of a page of RANKED_SEARCH. */
interface RankedSearchValues extends FilterValues {
  tokens: string[];
  limit: number;
  offset: number;
  text: string;
  /** The query's parts narrow it: only the products holding every word count when some do, as the index narrows. */
  wholeOnly: boolean;
}

/** The values of a page of RANKED_FILTER. */
interface RankedFilterValues extends FilterValues {
  rankedIds: string[];
  limit: number;
  offset: number;
}

/**
 * The listing's filters on `products` (never aliased: the inventory's in-stock fragment names it).
 * Each holds when its value is null or false, so one statement serves every combination.
 */
const filters = (p: Slots<FilterValues>) => sql`
    and (${p.minPrice}::numeric is null or products.sale_price >= ${p.minPrice}::numeric)
    and (${p.maxPrice}::numeric is null or products.sale_price <= ${p.maxPrice}::numeric)
    and (not ${p.inStock}::boolean or ${productInStockSql}) ${narrowing(p)}`;

/**
 * The columns every page's rows carry for its order: how near the pack, age or size asked (0 when none is), the
 * average rating (null: no reviews yet) and the number of reviews.
 */
const orderColumns = (p: Slots<FilterValues>) =>
  sql`${nearness(p)} as nearness, case when products.review_count > 0 then products.rating_sum::float8 / products.review_count end as rating, products.review_count`;

/**
 * The order of a page: nearest first (the pack, age or size asked), then the listing's own (price or date, each
 * with the id to keep pages stable) or the one the query's words asked (the best rated: most reviews on a tie) when
 * `sort` names one, else `ranked` (best first). The same as the catalogue's sortOrder, as one expression a value
 * chooses between.
 */
const pageOrder = (p: Slots<FilterValues>, [rank, direction]: [string, 'asc' | 'desc'], row: string) => {
  const [r, sort] = [sql.raw(row), sql`${p.sort}::text`];
  return sql`
  ${r}.nearness asc,
  case when ${sort} = 'rating' then ${r}.rating end desc nulls last,
  case when ${sort} = 'rating' then ${r}.review_count end desc,
  case when ${sort} = 'lowToHigh' then ${r}.sale_price end asc,
  case when ${sort} = 'highToLow' then ${r}.sale_price end desc,
  case when ${sort} = 'oldest' then ${r}.created_at end asc,
  case when ${sort} = 'newest' then ${r}.created_at end desc,
  case when ${sort} is null or ${sort} = 'rating' then ${sql.raw(rank)} end ${sql.raw(direction)},
  case when ${sort} in ('lowToHigh', 'oldest') then ${r}.id end asc,
  ${r}.id desc`;
};

const filterValues = (page: SearchPage): FilterValues => ({
  ...(page.narrowing ?? NO_NARROWING),
  minPrice: page.minPrice ?? null,
  maxPrice: page.maxPrice ?? null,
  inStock: !!page.inStock,
  sort: page.sort ?? null,
});

/**
 * Search through PostgreSQL alone, the one path used while the in-process index is not current (at
 * start, just after a write, or if its thread died), for a plain search and a listing's filtered or
 * sorted one alike: one statement, so a search the cache has not seen costs one round trip.
 * - Each word's alternatives, by the typo rule the index's vocabulary follows too (trigrams.ts):
 *   the word as a prefix (stemmed by to_tsquery) and up to TYPO_ALTERNATIVES vocabulary lexemes
 *   whose letters and digits are most similar to it (pg_trgm's `%`, similarity ≥
 *   SIMILARITY_THRESHOLD; equally similar ones by word in code-unit order), each quoted as a lexeme
 *   as it is (tsquery input, no stemming), none for a word of the vocabulary (or the start of one)
 *   and only those the typo rule accepts (haat_accepts_correction, the SQL twin of typo-rule.ts);
 *   a word is held by a product whose vector matches it or whose subcategory or category names do.
 *   The products holding every word match; when they do not reach the page's end, those holding all
 *   but one follow (WORD per word held ranks them after), unless the query's parts narrow it and some
 *   hold every word: the same products the index matches. When the query says who it is for and some
 *   match on that shopper's own shelves holding every searched word, only those (as RANKED_FILTER).
 * - Nearest first when the query asks for a pack, an age or a size (narrowing.ts `nearness`).
 * - Ranked by ts_rank (which may order them a little differently from the index; the fallback lasts
 *   seconds), newest id first on ties, unless the listing asks for its own order.
 * - Only when nothing matched and on the first page, products whose names look like the whole text
 *   (trigram similarity), best first, as the index does.
 * - The count of every match, carried by a row even when the page is past the last match.
 * `text` is the text as typed (trimmed); the filters' values are null (or false) when the listing has none.
 * Each place a slot is written is a parameter of its own with the same value (the order's value is sent 14
 * times, each price 4): small values all. The one list, the words, is written once.
 */
const RANKED_SEARCH = defineStatement<RankedSearchValues>('haat_ranked_search', (p) => {
  const typoForm = sql.raw(TYPO_FORM_SQL('word'));
  return sql`
with tokens as (
  select t, n, substring(to_tsquery('english', t || ':*')::text from '^''(.*)'':\\*$') as s
  from unnest(${p.tokens}::text[]) with ordinality as x(t, n)),
alternatives as (
  select n, string_agg('''' || replace(replace(a.word, chr(92), chr(92) || chr(92)), '''', '''''') || '''', ' | ') as a
  from tokens, lateral (
    select word from search_words where ${typoForm} % t and haat_accepts_correction(t, s, word)
    order by similarity(${typoForm}, t) desc, word collate "C" limit ${sql.raw(String(TYPO_ALTERNATIVES))}) a
  where not exists (select 1 from search_words w where s is not null and starts_with(w.word, s))
  group by n),
groups as (
  select tokens.n, case when a is null then to_tsquery('english', t || ':*')
    else to_tsquery('english', t || ':*') || a::tsquery end as g
  from tokens left join alternatives on alternatives.n = tokens.n),
words as (
  select n, g,
    array(select id from sub_categories where to_tsvector('english', name) @@ g) as subs,
    array(select id from categories where to_tsvector('english', name) @@ g) as cats
  from groups where g::text <> ''),
query as (
  select string_agg('(' || g::text || ')', ' | ' order by n)::tsquery as q, count(*)::int as k,
    array(select unnest(subs) from words) as subs, array(select unnest(cats) from words) as cats
  from words),
candidates as materialized (
  select products.id, products.sale_price, products.created_at, ts_rank(products.search, query.q) as text_rank, query.k,
    ${orderColumns(p)}, ${onOwnShelf(p)} as own,
    (select count(*)::int from words where products.search @@ words.g or products.sub_category_ids && words.subs or products.category_ids && words.cats) as held
  from products, query
  where products.publish and (products.search @@ query.q or products.sub_category_ids && query.subs or products.category_ids && query.cats) ${filters(p)}),
whole as (select count(*) as n from candidates where held = k),
matches as (
  select id, held * ${sql.raw(String(WORD))} + text_rank as rank, sale_price, created_at, nearness, rating, review_count, own from candidates, whole
  where held = k or (k >= 2 and held >= k - 1 and whole.n < ${p.offset}::int + ${p.limit}::int and not (${p.wholeOnly}::boolean and whole.n > 0))),
near as (
  select products.id, similarity(products.name, ${p.text}) as rank, products.sale_price, products.created_at, ${orderColumns(p)}, false as own
  from products
  where ${p.offset}::int = 0 and not exists (select 1 from matches) and products.publish and products.name % ${p.text} ${filters(p)}
  order by rank desc, products.id desc
  limit ${p.limit}::int),
found as (select * from matches union all select * from near),
chosen as (select * from found where own or not exists (select 1 from found where own)),
counted as (select count(*) as total from chosen),
page as (select * from chosen order by ${pageOrder(p, ['chosen.rank', 'desc'], 'chosen')} limit ${p.limit}::int offset ${p.offset}::int)
select ${PRODUCT_SELECT_LIST}, counted.total as "total"
from counted left join (page join products on products.id = page.id) on true
order by ${pageOrder(p, ['page.rank', 'desc'], 'page')}`;
});

/** One page of the search through PostgreSQL (see RANKED_SEARCH) for the searchable words of `text`. */
export async function rankedSearch(read: NamedStatement, text: string, tokens: string[], page: SearchPage): Promise<RankedPage> {
  const raw = await read<Record<string, unknown>, RankedSearchValues>(RANKED_SEARCH, {
    tokens,
    limit: page.limit,
    offset: page.offset,
    text,
    wholeOnly: !!page.narrowing && narrows(page.narrowing),
    ...filterValues(page),
  });
  return pageOf(raw);
}

/** The rows of a statement whose every row carries the total, and whose one row has no product when the page is empty. */
function pageOf(raw: Array<Record<string, unknown>>): RankedPage {
  const total = raw.length ? Number(raw[0]!.total) : 0;
  return { rows: raw.filter((r) => r.id !== null).map(toProductRow), total };
}

/**
 * The tail RANKED_FILTER and NARROWED_LISTING share, after their `kept` (id, sale_price, created_at, `rank`, own):
 * those on the shopper's own shelves when some are, counted, and a page of them in the listing's order or by `rank`.
 */
const keptPage = (p: Slots<ListingValues>, [rank, direction]: [string, 'asc' | 'desc'], from = 'kept') => sql`
chosen as (select * from ${sql.raw(from)} where own or not exists (select 1 from ${sql.raw(from)} where own)),
counted as (select count(*) as total from chosen),
page as (select * from chosen order by ${pageOrder(p, [`chosen.${rank}`, direction], 'chosen')} limit ${p.limit}::int offset ${p.offset}::int)
select ${PRODUCT_SELECT_LIST}, counted.total as "total"
from counted left join (page join products on products.id = page.id) on true
order by ${pageOrder(p, [`page.${rank}`, direction], 'page')}`;

/**
 * A page of products the search index ranked, narrowed by a listing's price and stock filters and the query's
 * understood parts, in the index's order unless the listing asks for its own: the filters keep or drop products,
 * never reorder them, so a filtered search ranks exactly as the plain one does. When the query says who it is for
 * and some kept products on that shopper's own shelves hold every searched word, only those stay (narrowing.ts). The count is of
 * every ranked product kept, carried by a row even when the page is past the last one.
 * `rankedIds` are best first (up to 20,000, so written once in the text); the filters as in RANKED_SEARCH.
 */
const RANKED_FILTER = defineStatement<RankedFilterValues>(
  'haat_ranked_filter',
  (p) => sql`
with kept as (
  select r.n, products.id, products.sale_price, products.created_at, ${orderColumns(p)}, ${onOwnShelf(p)} as own
  from unnest(${p.rankedIds}::text[]) with ordinality as r(id, n) join products on products.id = r.id
  where products.publish ${filters(p)}),
${keptPage(p, ['n', 'asc'])}`,
);

/** One page of `rankedIds` (the index's order) that the listing's filters keep, in its order, and how many they keep in all. */
export async function filterRanked(read: NamedStatement, rankedIds: string[], page: SearchPage): Promise<RankedPage> {
  return pageOf(
    await read<Record<string, unknown>, RankedFilterValues>(RANKED_FILTER, { rankedIds, limit: page.limit, offset: page.offset, ...filterValues(page) }),
  );
}

/** The values of a page of NARROWED_LISTING. */
interface ListingValues extends FilterValues {
  limit: number;
  offset: number;
}

/**
 * A query that names nothing to search for, only what narrows ("under 500", "for 6 year old"): every published
 * product the narrowing keeps (as RANKED_FILTER keeps them), newest first unless the listing asks otherwise.
 */
const NARROWED_LISTING = defineStatement<ListingValues>(
  'haat_narrowed_listing',
  (p) => sql`
with kept as (
  select products.id, products.sale_price, products.created_at, ${orderColumns(p)}, ${onOwnShelf(p)} as own
  from products where products.publish ${filters(p)}),
measured as (select * from kept where nearness < ${sql.raw(String(FAR))}),
${keptPage(p, ['created_at', 'desc'], 'measured')}`,
);

/** One page of every product a query's narrowing keeps (see NARROWED_LISTING). */
export async function narrowedListing(read: NamedStatement, page: SearchPage): Promise<RankedPage> {
  return pageOf(await read<Record<string, unknown>, ListingValues>(NARROWED_LISTING, { limit: page.limit, offset: page.offset, ...filterValues(page) }));
}

/**
 * Whether some published product holds each token: in its own text, or in its subcategory's or category's name, as
 * RANKED_SEARCH counts a word held (without its typo alternatives: asked only of codes, which name one thing).
 */
const HOLD_TOKENS = defineStatement<{ tokens: string[] }>(
  'haat_hold_tokens',
  (p) => sql`
select t, exists (
  select 1 from products where products.publish and (products.search @@ q
    or products.sub_category_ids && array(select id from sub_categories where to_tsvector('english', name) @@ q)
    or products.category_ids && array(select id from categories where to_tsvector('english', name) @@ q))) as held
from unnest(${p.tokens}::text[]) as t, lateral to_tsquery('english', t || ':*') as q`,
);

/** The tokens some published product holds (HOLD_TOKENS). */
export async function heldTokens(read: NamedStatement, tokens: string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await read<{ t: string; held: boolean }, { tokens: string[] }>(HOLD_TOKENS, { tokens });
  return new Set(rows.filter((row) => row.held).map((row) => row.t));
}
