import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Synonym } from '@haat/shared/search/synonym.schema';
import { DB, type Db } from '../../db/database.js';
import { CatalogVersion } from '../../catalog/index.js';
import { searchSynonyms } from '../search-synonyms.table.js';
import { searchTokens } from '../search.repository.js';
import { latin, spellingKey } from './spelling.js';

export type { Synonym };

const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * The shopper's own words (docs/decisions/0260-the-shoppers-own-words.md): the synonym table, read
 * once per catalogue version (an admin's change bumps it, here and on every peer), and what a search's
 * words become through it: a word (or two in a row) with a synonym is replaced by the words it means,
 * by spelling key, so "ghadi", "ghari" and "घड़ी" all search for watches; another word in Devanagari
 * is searched in Latin letters (कुर्ता as kurta); every other word stays as typed.
 */
@Injectable()
export class Synonyms {
  private loaded: { version: number; byKey: Map<string, string[]> } | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
  ) {}

  async list(): Promise<Synonym[]> {
    return this.db.select({ word: searchSynonyms.word, means: searchSynonyms.means }).from(searchSynonyms).orderBy(searchSynonyms.word);
  }

  async put(synonym: Synonym): Promise<Synonym> {
    const row = { key: keyOf(synonym.word), word: synonym.word.trim(), means: synonym.means.trim(), updatedAt: new Date() };
    await this.db.insert(searchSynonyms).values(row).onConflictDoUpdate({ target: searchSynonyms.key, set: row });
    await this.version.bump();
    return { word: row.word, means: row.means };
  }

  /** Removes the synonym spelt like `word`; false when there was none. */
  async remove(word: string): Promise<boolean> {
    const gone = await this.db
      .delete(searchSynonyms)
      .where(sql`${searchSynonyms.key} = ${keyOf(word)}`)
      .returning({ key: searchSynonyms.key });
    if (gone.length) await this.version.bump();
    return gone.length > 0;
  }

  /** The words a search looks for, given the words typed (searchTokens'). */
  async rewrite(tokens: string[]): Promise<string[]> {
    const byKey = await this.byKey();
    const words: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const pair = i + 1 < tokens.length ? byKey.get(keyOf(`${tokens[i]} ${tokens[i + 1]}`)) : undefined;
      const means = pair ?? byKey.get(keyOf(tokens[i]!));
      if (pair) i++;
      if (means) words.push(...means);
      else words.push(DEVANAGARI.test(tokens[i]!) ? latin(tokens[i]!) : tokens[i]!);
    }
    return [...new Set(words)];
  }

  private async byKey(): Promise<Map<string, string[]>> {
    const version = this.version.value;
    if (this.loaded?.version === version) return this.loaded.byKey;
    // Keyed again as read, so the keys follow spelling.ts as it is now (the stored key keeps spellings unique).
    const rows = await this.db.select({ word: searchSynonyms.word, means: searchSynonyms.means }).from(searchSynonyms);
    const byKey = new Map(rows.map((r) => [keyOf(r.word), searchTokens(r.means)]));
    this.loaded = { version, byKey };
    return byKey;
  }
}

/** A word's (or two words') spelling key, word by word. */
export function keyOf(text: string): string {
  return text.trim().split(/\s+/).map(spellingKey).join(' ');
}
