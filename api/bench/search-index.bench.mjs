#!/usr/bin/env node
/**
 * node api/bench/search-index.bench.mjs — the search index alone, in one process, without HTTP,
 * PostgreSQL reads of the rows or the worker thread: what one search costs the index's thread, and
 * whether two builds of the index answer exactly alike.
 *
 * Seeds the demo catalogue (BENCH_CATALOG_SIZE, 100,000) into a scratch PostgreSQL database with the
 * built API (or reads an already seeded one, BENCH_INDEX_DATABASE_URL), reads the published products
 * and the vocabulary as the API's index service does, builds the index of this build's
 * api/dist/search/index and, when BENCH_INDEX_BEFORE names another build's dist/search/index folder,
 * that one too; then asks both the same BENCH_QUERIES (3,000) bench-style distinct searches
 * (lib.mjs distinctQueries: one to three catalogue words, some misspelt, the last often cut short),
 * stemmed by PostgreSQL as the service does, first page of 10. Rounds (BENCH_ROUNDS, 3) alternate
 * the builds and report milliseconds per search (wall and CPU) and CPU by number of words, and any answer (ids, order,
 * total, and a later page of every tenth query) that differs between the two; BENCH_INDEX_FALLBACK=1 also times the name
 * fallback alone on every three-word text. With node --expose-gc it also says each index's memory (heap and typed arrays).
 * BENCH_INDEX_NARROWED=1 narrows every query by a colour (1 + a place in COLOURS, drawn per query), the products' facts
 * read by the service's own NARROWING_FACTS: what a search with a colour beside its words costs the index (a build before
 * the index narrowed every such search answers the large ones with a count only).
 */
import pg from 'pg';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distinctQueries, load, machine, scratchDatabase, startApi } from './lib.mjs';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AFTER = fileURLToPath(new URL('../dist/search/index/', import.meta.url));
const BEFORE = process.env.BENCH_INDEX_BEFORE;
const FALLBACK = process.env.BENCH_INDEX_FALLBACK === '1';
const NARROWED = process.env.BENCH_INDEX_NARROWED === '1';

/** NARROWING_FACTS of this build as SQL text (drizzle's dialect renders it; its parameters inlined as literals). */
async function factsSql() {
  // Imported by its URL, as the builds are (loadBuild): the type check does not read the built file.
  const built = new URL('../dist/search/narrowing.js', import.meta.url).href;
  const [{ NARROWING_FACTS }, { PgDialect }] = await Promise.all([import(built), import('drizzle-orm/pg-core')]);
  const q = new PgDialect().sqlToQuery(NARROWING_FACTS);
  return q.sql.replace(/\$(\d+)/g, (_, k) => {
    const v = q.params[Number(k) - 1];
    return Array.isArray(v)
      ? `array[${v.map((x) => `'${String(x).replace(/'/g, "''")}'`).join(',')}]::text[]`
      : typeof v === 'number'
        ? String(v)
        : `'${String(v).replace(/'/g, "''")}'`;
  });
}

// The index service's reads (api/src/search/index/index.service.ts), repeated here: they are private to it.
const SHELF = `array(select to_tsvector('english', s.name)::text from sub_categories s where s.id = any(products.sub_category_ids)
  union all select to_tsvector('english', c.name)::text from categories c where c.id = any(products.category_ids)) as s`;
const products = (facts) =>
  `select id, (extract(epoch from updated_at) * 1000000)::float8 as u, search::text as v, show_trgm(name) as t, ${SHELF}, ${facts} as f from products where publish and id > $1 order by id limit 5000`;
const WORDS = `select word, show_trgm(regexp_replace(word, '[^[:alnum:]]', '', 'g')) as t from search_words`;

async function loadBuild(dir) {
  const at = (file) => pathToFileURL(`${dir.replace(/\/?$/, '/')}${file}`).href;
  const [{ SearchIndex }, { Vocabulary }, { parseTsvector }, { asciiTrigrams }] = await Promise.all([
    import(at('search-index.js')),
    import(at('vocabulary.js')),
    import(at('tsvector-text.js')),
    import(at('trigrams.js')),
  ]);
  return { SearchIndex, Vocabulary, parseTsvector, asciiTrigrams };
}

async function seeded() {
  if (process.env.BENCH_INDEX_DATABASE_URL) return { url: process.env.BENCH_INDEX_DATABASE_URL, drop: async () => {} };
  const db = await scratchDatabase();
  const started = Date.now();
  const api = await startApi({ DATABASE_URL: db.url, SEED: 'demo', CATALOG_SIZE: String(CATALOG_SIZE) }, { timeoutMs: 1_800_000 });
  await api.stop();
  console.log(`seeded ${CATALOG_SIZE.toLocaleString('en-IN')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return db;
}

/** This process's CPU milliseconds so far: on a shared machine a search's CPU moves far less than its wall time. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Heap and typed arrays in use, after a full collection when node runs with --expose-gc. */
function memory() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function build(lib, rows, words) {
  const before = memory();
  const started = performance.now();
  const index = new lib.SearchIndex(new lib.Vocabulary(words));
  // As the index's thread is told how many products a build will read (older builds have no `expect`).
  index.expect?.(rows.length);
  for (const row of rows)
    index.put({
      id: row.id,
      updatedAt: row.u,
      entries: lib.parseTsvector(row.v),
      nameTrigrams: row.t,
      shelf: (row.s ?? []).map((name) => lib.parseTsvector(name).map((e) => e.lexeme)),
      facts: row.f ?? '',
    });
  // As the index's thread publishes a fresh build (compact() trims it; older builds only seal).
  if (index.compact) index.compact(() => globalThis.gc?.());
  else index.seal();
  const ms = performance.now() - started;
  return { index, ms, mib: (memory() - before) / 2 ** 20 };
}

async function main() {
  console.log(`Machine: ${machine()}, load average ${load()}`);
  const db = await seeded();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const rows = [];
    const PRODUCTS = products(NARROWED ? await factsSql() : "''");
    for (let after = ''; ;) {
      const page = (await client.query(PRODUCTS, [after])).rows;
      rows.push(...page);
      if (page.length < 5000) break;
      after = page[page.length - 1].id;
    }
    const words = (await client.query(WORDS)).rows.map((r) => ({ word: r.word, trigrams: r.t }));
    const nameWords = new Set();
    for (const { name } of (await client.query('select name from products where publish order by random() limit 2000')).rows)
      for (const w of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3 && !/^\d+$/.test(w)) nameWords.add(w);
    const next = distinctQueries([...nameWords]);
    const texts = Array.from({ length: QUERIES }, next);
    const tokensOf = texts.map((t) => t.split(' '));
    const stemRows = (await client.query(`select t, to_tsquery('english', t || ':*')::text as q from unnest($1::text[]) as t`, [[...new Set(tokensOf.flat())]]))
      .rows;
    const stems = new Map(stemRows.map((r) => [r.t, r.q === '' ? null : (/^'((?:[^'\\]|'')*)':\*$/.exec(r.q)?.[1]?.replace(/''/g, "'") ?? false)]));
    const after = await loadBuild(AFTER);
    const queries = [];
    texts.forEach((text, i) => {
      const tokens = tokensOf[i] ?? [];
      const s = tokens.map((t) => stems.get(t));
      if (s.some((x) => x === false || x === undefined)) return; // the service sends these to SQL
      queries.push({
        tokens,
        stems: s,
        tokenTrigrams: tokens.map((t) => after.asciiTrigrams(t)),
        textTrigrams: after.asciiTrigrams(text),
        limit: 10,
        offset: 0,
        ...(NARROWED
          ? {
              narrowing: {
                colour: 1 + (i % 8),
                materials: 0,
                packUnit: 0,
                packAmount: 0,
                age: null,
                ageSpan: 5,
                otherShelves: 0,
                ownShelves: 0,
                kindLexemes: null,
                candidates: 20_000,
              },
            }
          : {}),
      });
    });
    console.log(`${rows.length.toLocaleString('en-IN')} products, ${words.length.toLocaleString('en-IN')} vocabulary words, ${queries.length} queries`);

    const builds = [{ name: 'this build', lib: after }];
    if (BEFORE) builds.unshift({ name: `before (${BEFORE})`, lib: await loadBuild(BEFORE) });
    for (const b of builds) {
      const { index, ms, mib } = build(b.lib, rows, words);
      b.index = index;
      console.log(`${b.name}: built in ${(ms / 1000).toFixed(1)} s, ${globalThis.gc ? `${mib.toFixed(0)} MiB` : 'memory: run node with --expose-gc'}`);
    }
    // Answers once (this also warms each build's vocabulary cache), then compared, with a later page of every tenth query.
    const asked = [...queries, ...queries.filter((_, i) => i % 10 === 0).map((q, i) => ({ ...q, offset: 10 * (1 + (i % 5)) }))];
    for (const b of builds) b.answers = asked.map((q) => b.index.search(q));
    if (builds.length === 2) {
      let differ = 0;
      asked.forEach((q, i) => {
        const [x, y] = builds.map((b) => b.answers[i]);
        if (JSON.stringify(x) !== JSON.stringify(y)) {
          if (differ++ < 10) console.log(`differs: ${JSON.stringify(q.tokens)} @${q.offset} ${JSON.stringify(x)} → ${JSON.stringify(y)}`);
        }
      });
      console.log(`${differ} of ${asked.length} answers differ (${asked.length - queries.length} of them later pages)`);
    }
    // The searches by number of words, each group timed as one run, so that its CPU is told apart.
    const byWordCount = new Map();
    for (const q of queries) byWordCount.set(q.tokens.length, [...(byWordCount.get(q.tokens.length) ?? []), q]);
    const groups = [...byWordCount].sort(([a], [b]) => a - b);
    for (let round = 1; round <= ROUNDS; round++) {
      const line = [];
      for (const b of builds) {
        const split = [];
        let wall = 0;
        let cpu = 0;
        const slowest = [];
        for (const [n, group] of groups) {
          const started = performance.now();
          const cpuStarted = cpuMs();
          for (const q of group) {
            const t0 = performance.now();
            b.index.search(q);
            const ms = performance.now() - t0;
            if (slowest.length < 5 || ms > slowest[4].ms) slowest.splice(slowest.findIndex((x) => x.ms < ms) >>> 0, 0, { ms, text: q.tokens.join(' ') });
            if (slowest.length > 5) slowest.pop();
          }
          const groupCpu = cpuMs() - cpuStarted;
          wall += performance.now() - started;
          cpu += groupCpu;
          split.push(`${n} word${n > 1 ? 's' : ''} ${(groupCpu / group.length).toFixed(3)}`);
        }
        if (round === ROUNDS) b.slowest = slowest;
        line.push(`${b.name}: ${(wall / queries.length).toFixed(2)} ms a search, ${(cpu / queries.length).toFixed(3)} CPU-ms (${split.join(', ')})`);
      }
      console.log(`round ${round}: ${line.join(' | ')}; load ${load()}`);
    }
    if (FALLBACK) {
      // The name fallback alone (the index's private nearNames), for every search of three words: what a search that
      // matches nothing pays on top of its count.
      const texts = byWordCount.get(3) ?? [];
      for (let round = 1; round <= ROUNDS; round++) {
        const line = [];
        for (const b of builds) {
          const cpuStarted = cpuMs();
          for (const q of texts) b.index.nearNames(q);
          line.push(`${b.name}: ${((cpuMs() - cpuStarted) / texts.length).toFixed(3)} CPU-ms`);
        }
        console.log(`name fallback of ${texts.length} three-word texts, round ${round}: ${line.join(' | ')}`);
      }
    }
    for (const b of builds) console.log(`${b.name}, slowest: ${b.slowest.map((x) => `${JSON.stringify(x.text)} ${x.ms.toFixed(1)} ms`).join(', ')}`);
  } finally {
    await client.end();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
