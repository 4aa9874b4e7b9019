import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, ReadSql } from '../db/database.js';
import { PRODUCT_SELECT_LIST, productColumns, products, sortOrder, toProductRow, type ProductRow, type SearchSort } from '../catalog/index.js';
import { productInStockSql } from '../inventory/index.js';
import { searchWords } from './search-words.table.js';

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

/**
 * Builds a tsquery that forgives: each word matches itself (as a prefix, so "earb" finds "earbuds"),
 * its stem, and up to three catalogue words that look like it by trigram similarity ("earbds" →
 * "earbud"). Words AND together. Returns null when nothing searchable was typed.
 */
export async function forgivingQuery(db: Db, text: string): Promise<SQL | null> {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  const groups = await Promise.all(
    tokens.map(async (token) => {
      const rows = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${token}`)
        .orderBy(sql`similarity(${searchWords.word}, ${token}) desc`, searchWords.word)
        .limit(3);
      const alternatives = rows.map((r) => r.word).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
      return [`${token}:*`, ...alternatives].join(' | ');
    }),
  );
  const expression = groups.map((g) => `(${g})`).join(' & ');
  return sql`to_tsquery('english', ${expression})`;
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

/** What one search statement returns: a page of rows in rank order and how many matched in all. */
export interface RankedPage {
  rows: ProductRow[];
  total: number;
}

/**
 * The plain PostgreSQL fallback, used only while the in-process index is not current (at start,
 * just after a write, or if its thread died): the whole forgiving search in one statement, so a search the cache has not seen costs one round
 * trip (it took a transaction, a SET, a vocabulary query per word, the page and a separate count):
 * - each word's alternatives from the vocabulary, exactly as forgivingQuery builds them (prefix, up
 *   to three most similar words that are letters and digits only; equally similar words by word),
 *   ANDed into one tsquery: the same products the index matches;
 * - the page ranked by ts_rank (which may order them a little differently from the index; the
 *   fallback lasts seconds) then id, newest id first on ties, with the count of every match
 *   taken from the same scan (ranking reads every match anyway, so counting beside it is free);
 * - only when nothing matched on the first page, products whose names look like the whole text
 *   (trigram similarity), best first: the fallback search() always had.
 * $1 words, $2 limit, $3 offset, $4 the text as typed (trimmed).
 */
const RANKED_SEARCH = `
with tokens as (select t, n from unnest($1::text[]) with ordinality as x(t, n)),
groups as (
  select n, t || ':*' || coalesce((
    select string_agg(' | ' || a.word, '' order by a.s desc, a.word)
    from (select word, similarity(word, t) as s from search_words where word % t order by s desc, word limit 3) a
    where a.word !~ '[^[:alnum:]]'), '') as g
  from tokens),
query as (select to_tsquery('english', string_agg('(' || g || ')', ' & ' order by n)) as q from groups),
hits as (
  select p.id, ts_rank(p.search, query.q) as rank, count(*) over () as total
  from products p, query
  where p.publish and p.search @@ query.q
  order by rank desc, p.id desc
  limit $2::int offset $3::int),
near as (
  select p.id, similarity(p.name, $4) as rank, count(*) over () as total
  from products p
  where $3::int = 0 and not exists (select 1 from hits) and p.publish and p.name % $4
  order by rank desc, p.id desc
  limit $2::int),
found as (select * from hits union all select * from near)
select ${columnList}, f.total as "total"
from found f join products on products.id = f.id
order by f.rank desc, f.id desc`;

/**
 * One page of a forgiving search (see RANKED_SEARCH) for the searchable words of `text`, or null
 * when the page is past the last match (no row to carry the count; the caller counts instead).
 */
export async function rankedSearch(read: ReadSql, text: string, tokens: string[], limit: number, offset: number): Promise<RankedPage | null> {
  const raw = await read('haat_ranked_search', RANKED_SEARCH, [tokens, limit, offset, text]);
  if (raw.length === 0 && offset > 0) return null;
  return { rows: raw.map(toRow), total: raw.length ? Number(raw[0]!.total) : 0 };
}

/**
 * A page of products the search index ranked, narrowed by a listing's price and stock filters, in
 * the index's order: the filters keep or drop products, never reorder them, so a filtered search
 * ranks exactly as the plain one does. The count is of every ranked product the filters keep.
 * $1 the ranked ids, best first; $2/$3 the lowest/highest price or null; $4 in stock only;
 * $5 limit; $6 offset.
 */
const RANKED_FILTER = `
with kept as (
  select r.n, products.id
  from unnest($1::text[]) with ordinality as r(id, n) join products on products.id = r.id
  where products.publish
    and ($2::numeric is null or products.sale_price >= $2::numeric)
    and ($3::numeric is null or products.sale_price <= $3::numeric)
    and (not $4::boolean or ${dialect.sqlToQuery(productInStockSql).sql})),
page as (select id, n, count(*) over () as total from kept order by n limit $5::int offset $6::int)
select ${columnList}, page.total as "total"
from page join products on products.id = page.id
order by page.n`;

const RANKED_FILTER_COUNT = `
select count(*)::int as n
from unnest($1::text[]) as r(id) join products on products.id = r.id
where products.publish
  and ($2::numeric is null or products.sale_price >= $2::numeric)
  and ($3::numeric is null or products.sale_price <= $3::numeric)
  and (not $4::boolean or ${dialect.sqlToQuery(productInStockSql).sql})`;

/** One page of `rankedIds` (the index's order) that the query's filters keep, and how many they keep in all. */
export async function filterRanked(read: ReadSql, rankedIds: string[], query: Omit<FilteredSearch, 'text' | 'sort'>): Promise<RankedPage> {
  const values = [rankedIds, query.minPrice ?? null, query.maxPrice ?? null, !!query.inStock];
  const raw = await read('haat_ranked_filter', RANKED_FILTER, [...values, query.limit, query.offset]);
  if (raw.length > 0) return { rows: raw.map(toRow), total: Number(raw[0]!.total) };
  if (query.offset === 0) return { rows: [], total: 0 };
  // A page past the last kept product carries no row to hold the count.
  const [counted] = await read('haat_ranked_filter_count', RANKED_FILTER_COUNT, values);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

/** A listing's search narrowed by price or stock, or put in an order of its own. */
export interface FilteredSearch {
  text: string;
  limit: number;
  offset: number;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: SearchSort;
}

/** A page of a filtered search (by the asked order, else ts_rank) and the exact count of its matches. */
export async function filteredSearch(db: Db, query: FilteredSearch): Promise<RankedPage> {
  const match = await forgivingQuery(db, query.text);
  if (!match) return { rows: [], total: 0 };
  const where = and(
    eq(products.publish, true),
    sql`${products.search} @@ ${match}`,
    query.minPrice !== undefined ? gte(products.salePrice, query.minPrice) : undefined,
    query.maxPrice !== undefined ? lte(products.salePrice, query.maxPrice) : undefined,
    query.inStock ? productInStockSql : undefined,
  );
  const order = query.sort ? sortOrder(query.sort) : [sql`ts_rank(${products.search}, ${match}) desc`, desc(products.id)];
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [rows, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(...order),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** How many published products the words of `text` match (a page past the last match still shows the total). */
export async function matchCount(db: Db, text: string): Promise<number> {
  const match = await forgivingQuery(db, text);
  if (!match) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(eq(products.publish, true), sql`${products.search} @@ ${match}`));
  return row?.n ?? 0;
}
