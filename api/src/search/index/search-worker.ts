import { readlinkSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { SearchIndex, type CheckedAnswer, type IndexedProduct, type WordCheck } from './search-index.js';
import type { PostedQuery } from './index-query.js';
import { asciiTrigrams } from './trigrams.js';
import { parseTsvector } from './tsvector-text.js';
import { Vocabulary, type VocabularyWord } from './vocabulary.js';

/**
 * The search index's own thread. Ranking every match of a search is synchronous work (a few
 * milliseconds at 100,000 products, ~20 at a million); on the API's event loop it held up every
 * other request of the process while searches were busy. Here it runs beside the event loop,
 * on the second core, and the thread owns the index: the API thread reads rows from the
 * database and posts them, and asks searches. Messages are handled one at a time in order, so
 * a search never sees half of a batch.
 */
/** A published product as the API thread reads it; its vector (`search::text`) is parsed here. */
export interface ProductRow {
  id: string;
  /** updated_at in microseconds since 1970. */
  updatedAt: number;
  vector: string;
  /** show_trgm(name) joined by '|'. */
  nameTrigrams: string;
  /** to_tsvector of each of its subcategories' and categories' names, as text, in a JSON array. */
  shelf: string;
  /** What the query's parts are applied to (narrowing.ts NARROWING_FACTS). */
  facts: string;
}

const indexed = (row: ProductRow): IndexedProduct => ({
  id: row.id,
  updatedAt: row.updatedAt,
  entries: parseTsvector(row.vector),
  nameTrigrams: row.nameTrigrams === '' ? [] : row.nameTrigrams.split('|'),
  shelf: (JSON.parse(row.shelf) as string[]).map((name) => parseTsvector(name).map((e) => e.lexeme)),
  facts: row.facts,
});

export type WorkerRequest =
  /**
   * Starts a fresh index of about `products` products (SearchIndex `expect`), dropping the answering one: the owner
   * rebuilds only when the index is not current, when no search reads it, so the two are never held at once.
   */
  | { op: 'begin'; words: VocabularyWord[]; products: number }
  | { op: 'put'; products: ProductRow[] }
  /** Seals the fresh index and makes it the one that answers. */
  | { op: 'publish' }
  /** Catching up: pages of (id, updated_at) of every published product; answers the ids that changed. */
  | { op: 'diff'; first: boolean; page: Array<[string, number]> }
  /** Ends the diff: answers the ids held that no page named (deleted or unpublished). */
  | { op: 'gone' }
  /** Applies a catch-up at once: a new vocabulary (when it changed), removals and fresh products. */
  | { op: 'apply'; words: VocabularyWord[] | null; gone: string[]; fresh: ProductRow[] }
  /** A page (none when `query` is null) and whether each of `checks` matches something (SearchIndex `matches`). */
  | { op: 'search'; query: PostedQuery | null; checks: WordCheck[] };

/** What every request but search and diff answers: the answering index's state. */
export interface IndexState {
  live: number;
  deadShare: number;
  vocabularySize: number;
  /** This thread's Linux thread id (null elsewhere): the log names it, so that a bench can time the index's own CPU. */
  thread: number | null;
}

export type WorkerAnswer = IndexState | CheckedAnswer | string[] | null;

/**
 * A full collection, run once a build is published: building leaves the arrays it outgrew, the trimmed ones' copies and
 * the trigrams it laid out as garbage (at a million products several hundred MiB), which V8 would otherwise give back
 * only when it next collects, so the instance's memory stood at twice the index's (docs/benchmarks.md#search).
 */
const collect = ((): (() => void) => {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return () => undefined;
  }
})();

let index: SearchIndex | null = null;
let building: SearchIndex | null = null;

const thread = ((): number | null => {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
})();

const state = (): IndexState | null => index && { live: index.live, deadShare: index.deadShare, vocabularySize: index.vocabulary.size, thread };

function handle(request: WorkerRequest): WorkerAnswer {
  switch (request.op) {
    case 'begin':
      // At a million products an index is ≈ 340 MiB: the old one's arrays go before the new one's are made.
      index = null;
      building = null;
      collect();
      building = new SearchIndex(new Vocabulary(request.words));
      building.expect(request.products);
      return null;
    case 'put':
      for (const product of request.products) building!.put(indexed(product));
      return null;
    case 'publish':
      building!.compact(collect);
      index = building;
      building = null;
      collect();
      return state();
    case 'diff': {
      if (request.first) index!.startDiff();
      return request.page.filter(([id, updatedAt]) => index!.changed(id, updatedAt)).map(([id]) => id);
    }
    case 'gone':
      return index!.unseen();
    case 'apply':
      if (request.words) index!.vocabulary = new Vocabulary(request.words);
      for (const id of request.gone) index!.remove(id);
      for (const product of request.fresh) index!.put(indexed(product));
      index!.seal();
      return state();
    case 'search': {
      const { query } = request;
      return index ? index.checked(query && { ...query, textTrigrams: query.textTrigrams ?? asciiTrigrams(query.text) ?? [] }, request.checks) : 'sql';
    }
  }
}

parentPort?.on('message', ({ seq, request }: { seq: number; request: WorkerRequest }) => {
  try {
    parentPort!.postMessage({ seq, answer: handle(request) });
  } catch (error) {
    parentPort!.postMessage({ seq, error: (error as Error).message ?? String(error) });
  }
});
