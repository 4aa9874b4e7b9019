import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, ReadSql } from '../db/database.js';
import { PRODUCT_SELECT_LIST, products, toProductRow, type ProductRow, type SearchSort } from '../catalog/index.js';
import { productInStockSql } from '../inventory/index.js';
import { searchWords } from './search-words.table.js';
import { TYPO_ALTERNATIVES, TYPO_FORM_SQL } from './index/trigrams.js';

/**
 * The statements of product search: the vocabulary (search's own table) and the catalogue's
 * published products, read through the select list the catalogue gives (api/src/search decides which
 * statement answers).
 */

const dialect = new PgDialect();
const columnList = PRODUCT_SELECT_LIST;
const toRow = toProductRow;

const MAX_TOKENS = 8;

/** Splits what the shopper typed into safe words (letters and digits only). */
export function searchTokens(text: string): string[] {
  const all = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const long = all.filter((t) => t.length > 1);
  return (long.length ? long : all).slice(0, MAX_TOKENS);
}

/** Keeps the vocabulary in step with the catalogue: every lexeme of these products becomes searchable. */
export async function learnWords(db: Db, productIds?: string[]): Promise<void> {
  const where = productIds ? sql`where ${products.id} in ${productIds}` : sql``;
  if (productIds && productIds.length === 0) return;
  await db.execute(sql`
    insert into ${searchWords} (word)
    select distinct w from ${products}, unnest(tsvector_to_array(${products.search})) as w ${where}
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
  sort?: SearchSort;
}

/**
 * The listing's filters on `products` (never aliased: the inventory's in-stock fragment names it).
 * Each holds when its parameter is null or false, so one statement serves every combination.
 */
const filters = (min: number, max: number, inStock: number) => `
    and ($${min}::numeric is null or products.sale_price >= $${min}::numeric)
    and ($${max}::numeric is null or products.sale_price <= $${max}::numeric)
    and (not $${inStock}::boolean or ${dialect.sqlToQuery(productInStockSql).sql})`;

/**
 * The order of a page: the listing's own (price or date, each with the id to keep pages stable) when
 * `sort` names one, else `ranked` (best first). The same as the catalogue's sortOrder, as one
 * expression a parameter chooses between.
 */
const pageOrder = (sort: string, [rank, direction]: [string, 'asc' | 'desc'], row: string) => `
  case when ${sort} = 'lowToHigh' then ${row}.sale_price end asc,
  case when ${sort} = 'highToLow' then ${row}.sale_price end desc,
  case when ${sort} = 'oldest' then ${row}.created_at end asc,
  case when ${sort} = 'newest' then ${row}.created_at end desc,
  case when ${sort} is null then ${rank} end ${direction},
  case when ${sort} in ('lowToHigh', 'oldest') then ${row}.id end asc,
  ${row}.id desc`;

const filterValues = (page: SearchPage) => [page.minPrice ?? null, page.maxPrice ?? null, !!page.inStock, page.sort ?? null];

/**
 * Search through PostgreSQL alone, the one path used while the in-process index is not current (at
 * start, just after a write, or if its thread died), for a plain search and a listing's filtered or
 * sorted one alike: one statement, so a search the cache has not seen costs one round trip.
 * - Each word's alternatives, by the typo rule the index's vocabulary follows too (trigrams.ts):
 *   the word as a prefix (stemmed by to_tsquery) and up to TYPO_ALTERNATIVES vocabulary lexemes
 *   whose letters and digits are most similar to it (pg_trgm's `%`, similarity ≥
 *   SIMILARITY_THRESHOLD; equally similar ones by word in code-unit order), each quoted as a lexeme
 *   as it is (tsquery input, no stemming); the words ANDed into one tsquery: the same products the
 *   index matches.
 * - Ranked by ts_rank (which may order them a little differently from the index; the fallback lasts
 *   seconds), newest id first on ties, unless the listing asks for its own order.
 * - Only when nothing matched and on the first page, products whose names look like the whole text
 *   (trigram similarity), best first, as the index does.
 * - The count of every match, carried by a row even when the page is past the last match.
 * $1 words, $2 limit, $3 offset, $4 the text as typed (trimmed), $5/$6 lowest/highest price or null,
 * $7 in stock only, $8 the listing's order or null.
 */
const RANKED_SEARCH = `
with tokens as (select t, n from unnest($1::text[]) with ordinality as x(t, n)),
alternatives as (
  select n, string_agg('''' || replace(replace(a.word, chr(92), chr(92) || chr(92)), '''', '''''') || '''', ' | ') as a
  from tokens, lateral (
    select word from search_words where ${TYPO_FORM_SQL('word')} % t
    order by similarity(${TYPO_FORM_SQL('word')}, t) desc, word collate "C" limit ${TYPO_ALTERNATIVES}) a
  group by n),
groups as (
  select tokens.n, case when a is null then to_tsquery('english', t || ':*')
    else to_tsquery('english', t || ':*') || a::tsquery end as g
  from tokens left join alternatives on alternatives.n = tokens.n),
query as (select string_agg('(' || g::text || ')', ' & ' order by n)::tsquery as q from groups where g::text <> ''),
matches as materialized (
  select products.id, ts_rank(products.search, query.q) as rank, products.sale_price, products.created_at
  from products, query
  where products.publish and products.search @@ query.q ${filters(5, 6, 7)}),
near as (
  select products.id, similarity(products.name, $4) as rank, products.sale_price, products.created_at
  from products
  where $3::int = 0 and not exists (select 1 from matches) and products.publish and products.name % $4 ${filters(5, 6, 7)}
  order by rank desc, products.id desc
  limit $2::int),
found as (select * from matches union all select * from near),
counted as (select count(*) as total from found),
page as (select * from found order by ${pageOrder('$8::text', ['found.rank', 'desc'], 'found')} limit $2::int offset $3::int)
select ${columnList}, counted.total as "total"
from counted left join (page join products on products.id = page.id) on true
order by ${pageOrder('$8::text', ['page.rank', 'desc'], 'page')}`;

/** One page of the search through PostgreSQL (see RANKED_SEARCH) for the searchable words of `text`. */
export async function rankedSearch(read: ReadSql, text: string, tokens: string[], page: SearchPage): Promise<RankedPage> {
  const raw = await read('haat_ranked_search', RANKED_SEARCH, [tokens, page.limit, page.offset, text, ...filterValues(page)]);
  return pageOf(raw);
}

/** The rows of a statement whose every row carries the total, and whose one row has no product when the page is empty. */
function pageOf(raw: Array<Record<string, unknown>>): RankedPage {
  const total = raw.length ? Number(raw[0]!.total) : 0;
  return { rows: raw.filter((r) => r.id !== null).map(toRow), total };
}

/**
 * A page of products the search index ranked, narrowed by a listing's price and stock filters, in
 * the index's order unless the listing asks for its own: the filters keep or drop products, never
 * reorder them, so a filtered search ranks exactly as the plain one does. The count is of every
 * ranked product the filters keep, carried by a row even when the page is past the last one.
 * $1 the ranked ids, best first; $2 limit; $3 offset; $4–$7 as in RANKED_SEARCH's $5–$8.
 */
const RANKED_FILTER = `
with kept as (
  select r.n, products.id, products.sale_price, products.created_at
  from unnest($1::text[]) with ordinality as r(id, n) join products on products.id = r.id
  where products.publish ${filters(4, 5, 6)}),
counted as (select count(*) as total from kept),
page as (select * from kept order by ${pageOrder('$7::text', ['kept.n', 'asc'], 'kept')} limit $2::int offset $3::int)
select ${columnList}, counted.total as "total"
from counted left join (page join products on products.id = page.id) on true
order by ${pageOrder('$7::text', ['page.n', 'asc'], 'page')}`;

/** One page of `rankedIds` (the index's order) that the listing's filters keep, in its order, and how many they keep in all. */
export async function filterRanked(read: ReadSql, rankedIds: string[], page: SearchPage): Promise<RankedPage> {
  return pageOf(await read('haat_ranked_filter', RANKED_FILTER, [rankedIds, page.limit, page.offset, ...filterValues(page)]));
}
