import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { products, searchWords } from './products.table.js';

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
        .orderBy(sql`similarity(${searchWords.word}, ${token}) desc`)
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
