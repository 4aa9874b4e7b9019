// Two builds' search answers compared (docs/benchmarks.md "Search"): both started on one seeded PostgreSQL database,
// each asked the same searches — distinct texts as bench:search sends them, the same texts with what query
// understanding reads (a price limit, who it is for, a colour, a material, a pack, an age, Hinglish and Hindi words),
// second pages, and a listing's own filters and orders — and every answer's product ids, total and understood parts
// compared. Prints how many answers were compared and each that differs; exits 1 when any does.
//
// Environment: BENCH_SEEDED_DATABASE_URL (required: a database seeded with the demo catalogue), BENCH_BEFORE_MAIN
// (required: the other build's api/dist/main.js, inside the repository to find its packages), BENCH_ASKS (1500: the
// distinct texts drawn, each asked in several forms), BENCH_CATALOG_SIZE (100000: the seeded size, for the vocabulary).
import { distinctQueries, MAIN, searchIndexReady, startApi, vocabulary } from './lib.mjs';

const DATABASE = process.env.BENCH_SEEDED_DATABASE_URL;
const BEFORE = process.env.BENCH_BEFORE_MAIN;
if (!DATABASE || !BEFORE) throw new Error('Set BENCH_SEEDED_DATABASE_URL and BENCH_BEFORE_MAIN (docs/benchmarks.md).');
const ASKS = Number(process.env.BENCH_ASKS ?? 1500);
const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 100_000);

/** What query understanding reads, put after a text so that each part narrows a search of real words. */
const PARTS = [
  'under 500',
  'below 1500',
  '500 se kam',
  'between 200 and 900',
  'for men',
  'for women',
  'for girls',
  'kids',
  'red',
  'black',
  'laal',
  'cotton',
  'leather',
  '1 kg',
  '500 ml',
  'for 6 year old',
  'for him black',
  'blue cotton for women',
  'लाल',
  'with good bass for running',
];
/** Texts that are only parts, or Hindi, or what the shop does not sell. */
const FIXED = ['under 500', 'for 6 year old', 'red', 'लाल टी-शर्ट', 'पानी की बोतल', 'rice 5 kg', 'milk 1 litre', 'gift for my father who likes reading'];

/** The asks: [body, label] pairs, the same for both builds. */
function asks(words) {
  const next = distinctQueries(words);
  /** @type {Array<Record<string, unknown>>} */
  const all = FIXED.map((search) => ({ search, page: 1 }));
  for (let k = 0; k < ASKS; k++) {
    const text = next();
    all.push({ search: text, page: 1 });
    if (k % 2 === 0) all.push({ search: `${text.split(' ')[0]} ${PARTS[k % PARTS.length]}`, page: 1 });
    if (k % 5 === 0) all.push({ search: text, page: 2 });
    if (k % 7 === 0) all.push({ search: text, page: 1, sort: k % 2 ? 'lowToHigh' : 'newest' });
    if (k % 11 === 0) all.push({ search: `${text} ${PARTS[(k * 3) % PARTS.length]}`, page: 1, maxPrice: 2000 });
  }
  return all;
}

/** One build's answer to one ask, as compared: its ids in order, its total, its correction and what it understood. */
async function answer(url, body) {
  const res = await fetch(`${url}/api/product/search-product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  const { data, totalCount, correctedSearch, understood } = json;
  return JSON.stringify({ status: res.status, ids: (data ?? []).map((p) => p._id), totalCount, correctedSearch, understood });
}

/** Every ask's answers from both builds, a few at a time. */
async function compare(urls, all) {
  const differ = [];
  let at = 0;
  const worker = async () => {
    while (at < all.length) {
      const body = all[at++];
      const [a, b] = await Promise.all(urls.map((url) => answer(url, body)));
      if (a !== b) differ.push({ body, before: a, now: b });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return differ;
}

const apis = [];
try {
  for (const main of [BEFORE, MAIN]) {
    const api = await startApi({ DATABASE_URL: DATABASE, LOG_LEVEL: 'log' }, { timeoutMs: 600_000, main });
    apis.push(api);
    await searchIndexReady(api);
  }
  const all = asks(await vocabulary(/** @type {{ url: string }} */ (apis[0]).url, CATALOG_SIZE));
  const differ = await compare(
    apis.map((api) => api.url),
    all,
  );
  for (const d of differ.slice(0, 20)) console.log(`differs: ${JSON.stringify(d.body)}\n  before ${d.before}\n  now    ${d.now}`);
  console.log(`search answers compared: ${all.length}, differing: ${differ.length}`);
  process.exitCode = differ.length ? 1 : 0;
} finally {
  for (const api of apis) await api.stop();
}
