import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { lruCache } from '../../common/lru.js';
import { DB, SEARCH_STATEMENT, defineStatement, type Db, type NamedStatement } from '../../db/database.js';
import {
  CatalogVersion,
  PRODUCT_SHELF_VECTORS,
  PUBLISHED_PRODUCT_COUNT,
  SHELF_NAMES_DIGEST,
  publishedProductsAfter,
  publishedProductsIn,
} from '../../catalog/index.js';
import { batchedReads, loadAll } from '../../common/batched-reads.js';
import { NARROWING_FACTS } from '../narrowing.js';
import { IndexThread } from './index-thread.js';
import type { IndexState, ProductRow } from './search-worker.js';
import type { IndexNarrowing, PostedQuery, WordCheck } from './index-query.js';
import { TYPO_FORM_SQL, isAscii } from './trigrams.js';
import type { VocabularyWord } from './vocabulary.js';

/** Products read per statement while building, so PGlite's one connection keeps serving in between. */
const BATCH = 5_000;
/** Rebuild from scratch once this share of the index's product numbers belongs to replaced or deleted products. */
const REBUILD_DEAD_SHARE = 0.25;
const STEM_CACHE_LIMIT = 100_000;
/** A stopword's entry in the stem cache (lru-cache holds no null). */
const STOPWORD = Symbol('stopword');

/** updated_at as microseconds since 1970 (exact in a double): the index keeps a number per product rather than a string. */
const UPDATED_AT = sql.raw(`(extract(epoch from updated_at) * 1000000)::float8 as u`);
/**
 * What the index keeps of a product. Its shelf: the names of its subcategories and categories, each as to_tsvector's
 * text (shelves.ts), in one JSON text (the catalogue's PRODUCT_SHELF_VECTORS). Its name's trigrams come as one text too,
 * joined by '|' (which no trigram holds: pg_trgm keeps letters and digits). Strings cost the API thread, which reads the
 * rows and posts them to the index's, far less than arrays of strings: while a million products are read the health
 * check keeps answering (docs/benchmarks.md#search). Then the narrowing facts, and when the product was created
 * (microseconds): a listing of a query's parts alone is newest first.
 */
const PRODUCT_COLUMNS = sql`id, ${UPDATED_AT}, search::text as v, array_to_string(show_trgm(name), '|') as t, ${PRODUCT_SHELF_VECTORS} as s, ${NARROWING_FACTS} || '|' || ${sql.raw(`(extract(epoch from created_at) * 1000000)::float8`)} as f`;
const productsPage = (after: string) => publishedProductsAfter(PRODUCT_COLUMNS, after, BATCH);
const productsById = (ids: string[]) => publishedProductsIn(PRODUCT_COLUMNS, ids);
const publishedPage = (after: string) => publishedProductsAfter(sql`id, ${UPDATED_AT}`, after, BATCH * 10);
const WORD_COUNT = sql`select count(*)::int as n from search_words`;
const WORDS = sql.raw(`select word, show_trgm(${TYPO_FORM_SQL('word')}) as t from search_words`);
const STEMS = defineStatement<{ tokens: string[] }>(
  'haat_index_stems',
  (p) => sql`select t, to_tsquery('english', t || ':*')::text as q from unnest(${p.tokens}::text[]) as t`,
);
const KIND_QUERY = defineStatement<{ text: string }>('haat_index_kind_query', (p) => sql`select plainto_tsquery('english', ${p.text}::text)::text as q`);
const TRIGRAMS = defineStatement<{ text: string }>('haat_index_trigrams', (p) => sql`select show_trgm(${p.text}) as t`);

/** A page of search results by id, or null when the SQL path must answer (see SearchIndexService.search). */
export interface IndexedPage {
  ids: string[];
  total: number;
}

/** A page and whether each word checked beside it matches something (SearchIndexService.checkedSearch). */
export interface CheckedPage extends IndexedPage {
  matched: boolean[];
  /** The page was not made: a gate check (checkedSearch's first `gates`) matched nothing. */
  skipped?: boolean;
}

/** The page a search asks of the index. */
export interface PageAsked {
  text: string;
  tokens: string[];
  limit: number;
  offset: number;
  narrowing?: IndexNarrowing;
}

/** A tsquery's text when it is lexemes joined by & (`'a' & 'b'`, '' for none): the lexemes; else false. */
export function andedLexemes(text: string): string[] | false {
  if (text === '') return [];
  const parts = text.split(' & ');
  const lexemes = parts.map((part) => parseQueryLexeme(part, false));
  return lexemes.every((l): l is string => typeof l === 'string') ? lexemes : false;
}

/**
 * Owns this process's SearchIndex, which lives on its own thread (search-worker.ts) so that ranking
 * never holds up the event loop: builds it on the first search (after the seed, which runs at
 * bootstrap), and after every catalogue write (CatalogVersion, bumped locally and by peers via
 * Redis) brings it up to date in the background by diffing (id, updated_at) of the published
 * products against what it holds. Until the index has caught up with the current catalogue
 * version a search answers null and the caller takes the SQL path, so a write is visible to the
 * very next search and no search ever waits for a rebuild.
 */
@Injectable()
export class SearchIndexService implements OnApplicationShutdown {
  private readonly logger = new Logger('SearchIndex');
  private thread: IndexThread | null = null;
  /** The answering index as the thread last reported it; null until one is built (or after the thread died). */
  private index: IndexState | null = null;
  private indexVersion = -1;
  private refreshing: Promise<void> | null = null;
  /** The shelves' names (SHELF_NAMES_DIGEST) the answering index was built with. */
  private builtShelves: string | null = null;
  /** to_tsquery's lexeme per typed word (STOPWORD for a stopword, false when it is not a single lexeme), least recently used forgotten first. */
  private readonly stems = lruCache<string, string | false | typeof STOPWORD>(STEM_CACHE_LIMIT);
  /** plainto_tsquery's lexemes per searched text (false: not lexemes joined by &), least recently used forgotten first. */
  private readonly kindLexemes = lruCache<string, string[] | false>(STEM_CACHE_LIMIT);
  /** to_tsquery('english', token || ':*')'s text per token, asked of PostgreSQL (see learnStems). */
  private readonly prefixQueries = batchedReads<string, string>(async (tokens) => {
    const rows = await this.read<{ t: string; q: string }, { tokens: string[] }>(STEMS, { tokens: [...new Set(tokens)] });
    const byToken = new Map(rows.map((row) => [row.t, row.q]));
    return tokens.map((token) => byToken.get(token) ?? new Error(`no tsquery for ${token}`));
  });

  constructor(
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
  ) {}

  /**
   * Building and catching up read through the main pool: on the search pool they would take one of
   * its few connections for seconds, and searches queued behind them would time out.
   */
  private async rows(query: SQL): Promise<Array<Record<string, unknown>>> {
    const result: unknown = await this.db.execute(query);
    return (result as { rows: Array<Record<string, unknown>> }).rows;
  }

  /** True when the index answers for the catalogue as it is now. */
  get current(): boolean {
    return this.thread !== null && this.index !== null && this.indexVersion === this.version.value;
  }

  /** Brings the index up to date now (at start from main.ts, and in tests). */
  async ready(): Promise<void> {
    for (let attempt = 0; attempt < 5 && !this.current; attempt++) await this.kick();
  }

  /** Something the index holds changed (the writer has bumped the catalogue version): start catching up now rather than on the next search. */
  stale(): void {
    void this.kick();
  }

  async search(text: string, tokens: string[], limit: number, offset: number): Promise<IndexedPage | null> {
    return (await this.ask({ text, tokens, limit, offset }, []))?.page ?? null;
  }

  /**
   * A page (as `search`) and whether each of `checks` (a word's tokens, past the synonyms) matches something
   * (SearchIndex `matches`), all in one message to the index's thread; null when the SQL path must answer the page.
   * The first `gates` checks gate the page: when one matches nothing, no page is made (an empty one, `skipped`).
   */
  async checkedSearch(text: string, tokens: string[], limit: number, offset: number, checks: string[][], gates = 0): Promise<CheckedPage | null> {
    const answer = await this.ask({ text, tokens, limit, offset }, checks, gates);
    if (answer?.skipped) return { ids: [], total: 0, matched: answer.matched, skipped: true };
    return answer?.page ? { ...answer.page, matched: answer.matched } : null;
  }

  /**
   * A page of the ranked matches the query's understood parts keep (SearchIndex `narrowed`), with the checks, in one
   * message; null when the SQL path must answer (the index is not current). The words
   * a product on the shopper's own shelves must hold (`kindWords`, plainto_tsquery's lexemes) and each part's words
   * left out (`excluded`, as narrowing.ts leaves them out) are asked of PostgreSQL once and kept.
   */
  async narrowedSearch(
    ask: PageAsked,
    narrowing: Omit<IndexNarrowing, 'kindLexemes' | 'excludedLexemes'>,
    kindWords: string | null,
    checks: string[][],
    excluded: string[] | null = null,
  ): Promise<CheckedPage | null> {
    const kindLexemes = narrowing.ownShelves && kindWords !== null ? await this.lexemesOf(kindWords) : null;
    if (kindLexemes === false) return null;
    const excludedLexemes = excluded && (await Promise.all(excluded.map((text) => this.lexemesOf(text))));
    if (excludedLexemes && !excludedLexemes.every((lexemes) => lexemes !== false)) return null;
    const answer = await this.ask({ ...ask, narrowing: { ...narrowing, kindLexemes, excludedLexemes } }, checks);
    return answer?.page ? { ...answer.page, matched: answer.matched } : null;
  }

  /** plainto_tsquery('english', text)'s lexemes (all of which a product must hold), cached; false when it says more than that. */
  private async lexemesOf(text: string): Promise<string[] | false> {
    let lexemes = this.kindLexemes.get(text);
    if (lexemes === undefined) {
      const [row] = await this.read<{ q: string }, { text: string }>(KIND_QUERY, { text });
      lexemes = andedLexemes(row!.q);
      this.kindLexemes.set(text, lexemes);
    }
    return lexemes;
  }

  /** Whether each of `checks` matches something, in one message; true where the index cannot say (false for no tokens). */
  async matchEach(checks: string[][]): Promise<boolean[]> {
    const answer = checks.length ? await this.ask(null, checks) : null;
    return answer?.matched ?? checks.map((check) => check.length > 0);
  }

  /** Whether some product holds every one of `tokens` (not all but one, as a search of them counts); null when the index cannot say. */
  async holdTogether(tokens: string[]): Promise<boolean | null> {
    const answer = tokens.length ? await this.ask(null, [tokens], 0, true) : null;
    return answer && answer.matched[0]!;
  }

  /** One message to the index's thread: a page (unless `page` is null) and the checks; null when the index cannot answer the page. */
  private async ask(
    page: PageAsked | null,
    checks: string[][],
    gates = 0,
    whole = false,
  ): Promise<{ page: IndexedPage | null; matched: boolean[]; skipped?: boolean } | null> {
    if (!this.current) {
      void this.kick();
      return null;
    }
    const thread = this.thread!;
    // The index compares typed words by their trigrams, which it works out for ASCII words alone (trigrams.ts).
    if (page && !page.tokens.every(isAscii)) return null;
    await this.learnStems([...(page?.tokens ?? []), ...checks.flat()]);
    const stems = page ? this.stemsOf(page.tokens) : null;
    if (page && !stems) return null;
    const query: PostedQuery | null = page && {
      tokens: page.tokens,
      stems: stems!,
      text: page.text,
      ...(isAscii(page.text) ? {} : { textTrigrams: (await this.read<{ t: string[] }, { text: string }>(TRIGRAMS, { text: page.text }))[0]!.t }),
      limit: page.limit,
      offset: page.offset,
      ...(page.narrowing ? { narrowing: page.narrowing } : {}),
    };
    // A check the index cannot read (a word not in ASCII or with no single stem) is answered here: true (it cannot say), as no tokens is false.
    const matched = checks.map((tokens) => tokens.length > 0);
    const asked: Array<[number, WordCheck]> = [];
    checks.forEach((tokens, k) => {
      const lexemes = tokens.every(isAscii) && this.stemsOf(tokens);
      if (tokens.length && lexemes) asked.push([k, { tokens, stems: lexemes, ...(k < gates ? { gate: true } : {}), ...(whole ? { whole } : {}) }]);
    });
    // A write while we asked PostgreSQL: the SQL path answers this one.
    if (!this.current || this.thread !== thread) return null;
    try {
      const answer = await thread.search({ op: 'search', query, checks: asked.map(([, check]) => check) });
      if (answer === 'sql') return null;
      asked.forEach(([k], i) => (matched[k] = answer.matched[i]!));
      return { page: answer.page, matched, ...(answer.skipped ? { skipped: true } : {}) };
    } catch {
      return null; // the thread died meanwhile: a new one is on its way, SQL answers
    }
  }

  /**
   * Asks PostgreSQL what to_tsquery('english', token || ':*') makes of the tokens not cached yet: in one statement with
   * those of the searches asking at the same moment (batchedReads).
   */
  private async learnStems(tokens: string[]): Promise<void> {
    const missing = [...new Set(tokens.filter((t) => !this.stems.has(t)))];
    if (!missing.length) return;
    const queries = await loadAll(this.prefixQueries, missing);
    missing.forEach((token, k) => this.stems.set(token, parseQueryLexeme(queries[k]!, true) ?? STOPWORD));
  }

  /** Each token's cached lexeme (null for a stopword); null when one is not a single lexeme (or not learnt). */
  private stemsOf(tokens: string[]): Array<string | null> | null {
    const stems = tokens.map((t) => this.stems.get(t));
    if (stems.some((s) => s === false || s === undefined)) return null;
    return stems.map((s) => (s === STOPWORD ? null : (s as string)));
  }

  private kick(): Promise<void> {
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /** The index's thread, started on first need and again after it died (its index is gone with it). */
  private threadNow(): IndexThread {
    if (this.thread?.alive) return this.thread;
    const thread = new IndexThread((error) => {
      if (this.thread !== thread) return;
      this.logger.warn(`search index thread ended (searches use SQL until it is rebuilt): ${error.message}`);
      this.thread = null;
      this.index = null;
    });
    this.thread = thread;
    this.index = null;
    return thread;
  }

  async onApplicationShutdown(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    this.index = null;
    await thread?.stop();
  }

  private async refresh(): Promise<void> {
    const version = this.version.value;
    const started = performance.now();
    try {
      const thread = this.threadNow();
      const shelves = String((await this.rows(SHELF_NAMES_DIGEST))[0]!.n);
      if (!this.index || this.index.deadShare > REBUILD_DEAD_SHARE || shelves !== this.builtShelves) {
        const [{ n: products }] = (await this.rows(PUBLISHED_PRODUCT_COUNT)) as [{ n: number }];
        // The thread drops its index as it begins (no search reads one that is not current): a build that fails then
        // leaves none, so the next refresh builds again instead of catching up.
        this.index = null;
        await thread.send({ op: 'begin', words: await this.loadVocabulary(), products });
        // The next page is read while the thread indexes this one (at most one batch waits in between).
        let indexing: Promise<void> = Promise.resolve();
        let after = '';
        for (;;) {
          const rows = await this.rows(productsPage(after));
          await indexing;
          indexing = thread.send({ op: 'put', products: rows.map(toProductRow) });
          // Awaited on the next turn; meanwhile a thread that died must not count as an unhandled rejection.
          indexing.catch(() => undefined);
          if (rows.length < BATCH) break;
          after = rows[rows.length - 1]!.id as string;
        }
        await indexing;
        const built = await thread.state({ op: 'publish' });
        // A thread that died (or a shutdown) after answering: its index is gone with it.
        if (this.thread !== thread) return;
        this.index = built;
        this.builtShelves = shelves;
        this.logger.log(
          `Search index ready: ${built.live} products in ${((performance.now() - started) / 1000).toFixed(1)} s${built.thread ? ` (thread ${built.thread})` : ''}`,
        );
      } else {
        const caughtUp = await this.catchUp(thread, this.index);
        if (this.thread !== thread) return;
        this.index = caughtUp;
      }
      this.indexVersion = version;
    } catch (error) {
      this.logger.warn(`search index not refreshed (searches use SQL meanwhile): ${(error as Error).message}`);
    }
  }

  /** Applies what changed since the index was last current: new, edited, unpublished and deleted products, new words. */
  private async catchUp(thread: IndexThread, index: IndexState): Promise<IndexState> {
    const words = await this.rows(WORD_COUNT);
    const vocabulary = Number(words[0]!.n) === index.vocabularySize ? null : await this.loadVocabulary();
    const changed: string[] = [];
    // In pages, so that no statement nears the search pool's statement_timeout at a million products.
    for (let after = ''; ;) {
      const published = await this.rows(publishedPage(after));
      const page = published.map((row): [string, number] => [row.id as string, Number(row.u)]);
      changed.push(...(await thread.ids({ op: 'diff', first: after === '', page })));
      if (published.length < BATCH * 10) break;
      after = published[published.length - 1]!.id as string;
    }
    const gone = await thread.ids({ op: 'gone' });
    const fresh: ProductRow[] = [];
    for (let i = 0; i < changed.length; i += BATCH) {
      const rows = await this.rows(productsById(changed.slice(i, i + BATCH)));
      for (const row of rows) fresh.push(toProductRow(row));
    }
    // One message, so no search sees half of it.
    return thread.state({ op: 'apply', words: vocabulary, gone, fresh });
  }

  private async loadVocabulary(): Promise<VocabularyWord[]> {
    const rows = await this.rows(WORDS);
    const words: VocabularyWord[] = rows.map((row) => ({ word: row.word as string, trigrams: row.t as string[] }));
    return words;
  }
}

/** A product as read, its vector still as text: a string crosses to the index's thread far cheaper than parsed entries. */
function toProductRow(row: Record<string, unknown>): ProductRow {
  return {
    id: row.id as string,
    updatedAt: Number(row.u),
    vector: row.v as string,
    nameTrigrams: (row.t as string | null) ?? '',
    shelf: (row.s as string | null) ?? '[]',
    facts: row.f as string,
  };
}

/** A tsquery's text when it is one lexeme (`'x'`, or `'x':*` for a prefix): the lexeme; '' → null (a stopword); else false. */
export function parseQueryLexeme(text: string, prefix: boolean): string | null | false {
  if (text === '') return null;
  const match = (prefix ? /^'((?:[^'\\]|'')*)':\*$/ : /^'((?:[^'\\]|'')*)'$/).exec(text);
  return match ? match[1]!.replace(/''/g, "'") : false;
}
