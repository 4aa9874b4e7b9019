import { SearchIndex, type IndexAnswer, type IndexQuery, type IndexedProduct } from './search-index.js';
import type { IndexNarrowing } from './index-query.js';
import { SIMILARITY_THRESHOLD, asciiTrigrams, trigramSimilarity, typoForm } from './trigrams.js';
import { Vocabulary } from './vocabulary.js';

/** A small deterministic generator (mulberry32), so that a failing catalogue can be made again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lexemes with shared starts (a typed start finds several), some common and some rare, as stems are. */
const LEXEMES = [
  'pen',
  'pencil',
  'pendant',
  'penguin',
  'book',
  'bookmark',
  'fiction',
  'non',
  'non-fict',
  'watch',
  'watchstrap',
  'kettl',
  'tea',
  'dal',
  'moong',
  'cotton',
  'shirt',
  'black',
  'blue',
  'steel',
  'bottl',
  'earbud',
  'wireless',
  'haldiram',
  'bhujia',
  'namkeen',
  'prestig',
  'cooker',
];
/** Shelves' names as lexemes: "fiction" covers Fiction whole and Non-fiction a third. */
const SHELVES = [[['book'], ['fiction']], [['book'], ['non', 'fiction', 'non-fict']], [['watch']], [['kettl'], ['steel', 'bottl']], [['namkeen']], []];
const NAME = 3 << 14;
const DESCRIPTION = 2 << 14;

function product(id: string, next: () => number, version = 0): IndexedProduct {
  const pick = () => LEXEMES[Math.floor(next() ** 2 * LEXEMES.length)]!;
  const entries = new Map<string, number[]>();
  const nameWords = 1 + Math.floor(next() * 4);
  for (let w = 1; w <= nameWords; w++) entries.set(pick(), [...(entries.get(pick()) ?? []), NAME | w]);
  for (let w = 0; w < Math.floor(next() * 5); w++) {
    const lexeme = pick();
    entries.set(lexeme, [...(entries.get(lexeme) ?? []), DESCRIPTION | (nameWords + 1 + w)]);
  }
  // Now and then a lexeme with no position (a stripped vector).
  if (next() < 0.05) entries.set(pick(), []);
  return {
    id,
    updatedAt: 1_700_000_000_000_000 + version,
    entries: [...entries].map(([lexeme, positions]) => ({ lexeme, positions: positions.sort((a, b) => (a & 0x3fff) - (b & 0x3fff)) })),
    nameTrigrams: asciiTrigrams([...entries.keys()].slice(0, nameWords).join(' ')) ?? [],
    shelf: SHELVES[Math.floor(next() * SHELVES.length)]!,
    facts: '',
  };
}

const ulid = (n: number) => `01JD${n.toString(36).toUpperCase().padStart(22, '0')}`;

/** What a shopper types: one to three words, each a lexeme, its start, or a slip of one. */
function queries(next: () => number, count: number): IndexQuery[] {
  const found: IndexQuery[] = [];
  for (let i = 0; i < count; i++) {
    const tokens: string[] = [];
    for (let w = 0, n = 1 + Math.floor(next() * 3); w < n; w++) {
      let word = typoForm(LEXEMES[Math.floor(next() * LEXEMES.length)]!);
      const roll = next();
      if (roll < 0.25 && word.length > 3) word = word.slice(0, 2 + Math.floor(next() * (word.length - 2)));
      else if (roll < 0.4 && word.length > 5) word = word.slice(0, 2) + word.slice(3);
      // Past the typo rule: no word matches, and the names most like the text answer.
      else if (roll < 0.6) word += 'qz';
      tokens.push(word);
    }
    const pages: Array<[number, number]> = [
      [10, 0],
      [10, 10],
      [3, 0],
      [10, 30],
      [1, 0],
    ];
    const [limit, offset] = pages[Math.floor(next() * pages.length)]!;
    found.push({
      tokens,
      stems: tokens.map((t) => t),
      textTrigrams: asciiTrigrams(tokens.join(' ')) ?? [],
      limit,
      offset,
    });
  }
  return found;
}

const vocabulary = () => new Vocabulary(LEXEMES.map((word) => ({ word, trigrams: asciiTrigrams(typoForm(word)) ?? [] })));

/**
 * Counts how often a private method of the index answered what `counts` looks for (`streamed` answers null when it leaves a
 * search to the exhaustive ranking, `bigList` when no list is asked instead of walked); calls it through.
 */
function countAnswers(
  method: 'streamed' | 'bigList' | 'nearNames',
  counts: (answer: unknown, args: unknown[]) => boolean = (answer) => answer !== null,
): { count: number; restore: () => void } {
  const proto = SearchIndex.prototype as unknown as Record<typeof method, (...args: unknown[]) => unknown>;
  const original = proto[method];
  const counter = { count: 0, restore: () => (proto[method] = original) };
  proto[method] = function (this: SearchIndex, ...args: unknown[]) {
    const answer = original.apply(this, args);
    if (counts(answer, args)) counter.count += 1;
    return answer;
  };
  return counter;
}

/** Both indexes answer every query alike; answers how many the early-stopping one answered without ranking every match. */
function expectSameAnswers(early: SearchIndex, exhaustive: SearchIndex, asked: IndexQuery[], stopped: { count: number }): number {
  stopped.count = 0;
  for (const q of asked) {
    const want: IndexAnswer = exhaustive.search(q);
    const got: IndexAnswer = early.search(q);
    expect({ q: `${q.tokens.join(' ')} @${q.offset}+${q.limit}`, got }).toEqual({ q: `${q.tokens.join(' ')} @${q.offset}+${q.limit}`, got: want });
  }
  return stopped.count;
}

/**
 * The ranking that stops early (search-index.ts `streamed`) must give exactly what ranking every match gives: the same
 * page (ids and order, ties newest first) and the same total, on a fresh build, after products change, go and arrive
 * out of id order (the lists' tails), and when the build itself came out of id order (then it ranks every match).
 */
describe('the search index ranking that stops early', () => {
  it('answers as ranking every match does, on a fresh build and after changes', () => {
    const next = random(20261126);
    const early = new SearchIndex(vocabulary());
    const exhaustive = new SearchIndex(vocabulary(), { exhaustive: true });
    const ids = Array.from({ length: 3000 }, (_, i) => ulid(1000 + i * 7));
    for (const id of ids) {
      const p = product(id, next);
      early.put(p);
      exhaustive.put(p);
    }
    early.compact();
    exhaustive.compact();
    const spy = countAnswers('streamed');
    const big = countAnswers('bigList');
    const near = countAnswers('nearNames', (answer) => (answer as IndexAnswer) !== 'sql' && (answer as { total: number }).total > 0);
    try {
      const asked = queries(next, 600);
      expect(expectSameAnswers(early, exhaustive, asked, spy)).toBeGreaterThan(asked.length / 2);
      // Some searches asked a list held by most products instead of walking it.
      expect(big.count).toBeGreaterThan(10);
      // And some found nothing, and answered names like the text (in both indexes: twice each).
      expect(near.count).toBeGreaterThan(10);
      // Changes: some go, some change (a new number for an old id), some arrive with ids before and after every other.
      for (let round = 1; round <= 3; round++) {
        for (const id of ids.filter(() => next() < 0.05)) {
          early.remove(id);
          exhaustive.remove(id);
        }
        for (const id of ids.filter(() => next() < 0.05)) {
          const p = product(id, next, round);
          early.put(p);
          exhaustive.put(p);
        }
        for (let k = 0; k < 40; k++) {
          const p = product(ulid(next() < 0.5 ? Math.floor(next() * 1000) : 1_000_000 + Math.floor(next() * 1000)), next, round);
          early.put(p);
          exhaustive.put(p);
        }
        early.seal();
        exhaustive.seal();
        const later = queries(next, 300);
        expect(expectSameAnswers(early, exhaustive, later, spy)).toBeGreaterThan(later.length / 2);
      }
    } finally {
      spy.restore();
      big.restore();
      near.restore();
    }
  });

  it('ranks every match when the build did not come in id order, with the same answers', () => {
    const next = random(7);
    const early = new SearchIndex(vocabulary());
    const exhaustive = new SearchIndex(vocabulary(), { exhaustive: true });
    const ids = Array.from({ length: 800 }, (_, i) => ulid(i)).sort(() => next() - 0.5);
    for (const id of ids) {
      const p = product(id, next);
      early.put(p);
      exhaustive.put(p);
    }
    early.compact();
    exhaustive.compact();
    const spy = countAnswers('streamed');
    try {
      expect(expectSameAnswers(early, exhaustive, queries(next, 200), spy)).toBe(0);
    } finally {
      spy.restore();
    }
  });

  it('answers alike when the build was told how many products to expect, rightly or not, and then keeps little room', () => {
    const made = (expected: number | null) => {
      const next = random(11);
      const index = new SearchIndex(vocabulary());
      if (expected !== null) index.expect(expected);
      for (let i = 0; i < 3000; i++) index.put(product(ulid(1000 + i * 7), next));
      let collected = 0;
      index.compact(() => (collected += 1));
      expect(collected).toBe(1);
      return index;
    };
    const plain = made(null);
    const asked = queries(random(12), 300).flatMap((q, i) => (i % 10 === 0 ? [q, { ...q, offset: 10 }] : [q]));
    const want = asked.map((q) => plain.search(q));
    expect(want.filter((a) => a !== 'sql' && a.total > 0).length).toBeGreaterThan(150);
    for (const expected of [3000, 1200, 9000]) {
      const index = made(expected);
      expect({ expected, answers: asked.map((q) => index.search(q)) }).toEqual({ expected, answers: want });
      // Sized by the first thousand products, a 64th over: no room past a 32nd is kept (none copied out by a trim).
      const { entryLex, entryStart } = (
        index as unknown as { postings: { entryLex: { buf: Uint16Array; length: number }; entryStart: { buf: Int32Array; length: number } } }
      ).postings;
      for (const g of [entryLex, entryStart]) expect(g.buf.length).toBeLessThanOrEqual(Math.ceil(g.length * (1 + 1 / 32)));
    }
  });

  it('answers names like the text as comparing every name with it does, in every band of name lengths and after changes', () => {
    const next = random(26);
    const index = new SearchIndex(vocabulary());
    const names = new Map<string, string[]>();
    // Names of one to eight words: from under twenty trigrams to over sixty, so every band holds some.
    const named = (id: string, version = 0) => {
      const words = Array.from({ length: 1 + Math.floor(next() * 8) }, () => LEXEMES[Math.floor(next() * LEXEMES.length)]!);
      const p = { ...product(id, next, version), nameTrigrams: asciiTrigrams(words.join(' ')) ?? [] };
      index.put(p);
      names.set(id, p.nameTrigrams);
    };
    const gone = (id: string) => {
      index.remove(id);
      names.delete(id);
    };
    const ids = Array.from({ length: 2000 }, (_, i) => ulid(1000 + i * 7));
    for (const id of ids) named(id);
    index.compact();
    const nearNames = (q: IndexQuery) => (index as unknown as { nearNames(q: IndexQuery): IndexAnswer }).nearNames(q);
    const expectEveryNameCompared = (asked: IndexQuery[]) => {
      let found = 0;
      for (const q of asked) {
        const text = new Set(q.textTrigrams);
        const like: Array<{ id: string; s: number }> = [];
        for (const [id, trigrams] of names) {
          const shared = trigrams.filter((t) => text.has(t)).length;
          const s = trigramSimilarity(shared, trigrams.length, text.size);
          if (s >= SIMILARITY_THRESHOLD) like.push({ id, s });
        }
        like.sort((a, b) => b.s - a.s || (a.id < b.id ? 1 : -1));
        const want = { ids: like.slice(0, q.limit).map((x) => x.id), total: like.length };
        expect({ q: q.tokens.join(' '), got: nearNames(q) }).toEqual({ q: q.tokens.join(' '), got: want });
        if (like.length) found += 1;
      }
      return found;
    };
    expect(expectEveryNameCompared(queries(next, 150).map((q) => ({ ...q, offset: 0 })))).toBeGreaterThan(50);
    for (let round = 1; round <= 3; round++) {
      for (const id of ids.filter(() => next() < 0.05)) gone(id);
      for (const id of ids.filter(() => next() < 0.05)) named(id, round);
      for (let k = 0; k < 200; k++) named(ulid(next() < 0.5 ? Math.floor(next() * 1000) : 1_000_000 + Math.floor(next() * 100_000)), round);
      index.seal();
      expect(expectEveryNameCompared(queries(next, 80).map((q) => ({ ...q, offset: 0 })))).toBeGreaterThan(25);
    }
  });
});

/** A product's narrowing facts (narrowing-facts.ts): a colour of three or none, a material bit of two, shelf groups of three. */
function someFacts(next: () => number): { text: string; colour: number; materials: number; shelves: number; created: number } {
  const [colour, materials, shelves] = [Math.floor(next() * 4), Math.floor(next() * 4), Math.floor(next() * 8)];
  // Created at one of fifty moments: many share one, and the newer id goes first among them.
  const created = 1_700_000_000_000_000 + Math.floor(next() * 50) * 1000;
  return { text: `${colour}|${materials}|${shelves}||||${created}`, colour, materials, shelves, created };
}

/** A query's parts as the index takes them: a colour, a material, shelves to leave out and own shelves, each or none. */
function someNarrowing(next: () => number, kindLexemes: string[] | null): IndexNarrowing {
  return {
    colour: Math.floor(next() * 4),
    materials: next() < 0.5 ? 0 : 1 << Math.floor(next() * 2),
    packUnit: 0,
    packAmount: 0,
    age: null,
    ageSpan: 0,
    otherShelves: next() < 0.5 ? 0 : 1 << Math.floor(next() * 3),
    ownShelves: next() < 0.5 ? 0 : 1 << Math.floor(next() * 3),
    kindLexemes,
    excludedLexemes: null,
  };
}

/** Whether a product with these facts passes the parts, as narrowing-facts.ts `keeps` (own shelves aside). */
const keptBy = (f: ReturnType<typeof someFacts>, n: IndexNarrowing) =>
  (!n.colour || f.colour === n.colour) && (!n.materials || (f.materials & n.materials) !== 0) && !(f.shelves & n.otherShelves);

/**
 * A search narrowed by a query's parts (search-index.ts `narrowed`) counts and pages only what the parts keep, however
 * many match: the reference ranks every match of the plain search, keeps the whole matches when some hold every word,
 * then what the parts keep, and prefers those on the shopper's own shelves holding the kind's words.
 */
describe('the search index narrowed by a query’s parts', () => {
  it('answers as filtering every ranked match does, pages and counts included', () => {
    const next = random(20261127);
    const index = new SearchIndex(vocabulary());
    const facts = new Map<string, ReturnType<typeof someFacts>>();
    const words = new Map<string, Set<string>>();
    for (let i = 0; i < 4000; i++) {
      const id = ulid(1000 + i * 7);
      const f = someFacts(next);
      const p = { ...product(id, next), facts: f.text };
      index.put(p);
      facts.set(id, f);
      words.set(id, new Set(p.entries.map((e) => e.lexeme)));
    }
    index.compact();
    let large = 0;
    let streamedPages = 0;
    const spy = countAnswers('streamed');
    for (const q of queries(next, 400)) {
      const kind = next() < 0.5 ? [LEXEMES[Math.floor(next() * LEXEMES.length)]!] : null;
      const n = someNarrowing(next, kind);
      const plain = { ...q, offset: 0, limit: 1_000_000 };
      const all = index.search(plain);
      const whole = q.tokens.length >= 2 ? index.search({ ...plain, limit: 1 }) : null;
      if (all === 'sql' || whole === 'sql') throw new Error('the index is current');
      const first = whole && whole.total > 0 ? whole.total : Infinity;
      const kept = all.ids.slice(0, first).filter((id) => {
        return keptBy(facts.get(id)!, n);
      });
      const own = n.ownShelves ? kept.filter((id) => facts.get(id)!.shelves & n.ownShelves && (!kind || kind.every((k) => words.get(id)!.has(k)))) : [];
      const chosen = own.length ? own : kept;
      if (chosen.length > q.offset + q.limit) large += 1;
      const want = { ids: chosen.slice(q.offset, q.offset + q.limit), total: chosen.length };
      spy.count = 0;
      expect({ q: `${q.tokens.join(' ')} @${q.offset}+${q.limit}`, got: index.search({ ...q, narrowing: n }) }).toEqual({
        q: `${q.tokens.join(' ')} @${q.offset}+${q.limit}`,
        got: want,
      });
      if (spy.count > 0) streamedPages += 1;
    }
    spy.restore();
    // The page was found stopping early (the count walked, the ranking not), as a plain search's is.
    expect(streamedPages).toBeGreaterThan(150);
    // Most narrowed searches keep more than their page.
    expect(large).toBeGreaterThan(100);
    // The parts alone: every product they keep, newest first (then the newer id), those on the own shelves when some are.
    const newest = [...facts.keys()].sort((a, b) => facts.get(b)!.created - facts.get(a)!.created || (a < b ? 1 : -1));
    for (let k = 0; k < 60; k++) {
      const n = someNarrowing(next, null);
      const kept = newest.filter((id) => {
        return keptBy(facts.get(id)!, n);
      });
      const own = n.ownShelves ? kept.filter((id) => facts.get(id)!.shelves & n.ownShelves) : [];
      const chosen = own.length ? own : kept;
      const [limit, offset] = [10, 10 * Math.floor(next() * 3)];
      const q = { tokens: [], stems: [], textTrigrams: [], limit, offset, narrowing: n };
      expect({ k, got: index.search(q) }).toEqual({ k, got: { ids: chosen.slice(offset, offset + limit), total: chosen.length } });
    }
  });
});

/**
 * A plain search of several words asks its page with each word's check as a gate (search.service.ts): the answers are
 * the ones the index gives without gates, except that no page is made when a gate matches nothing.
 */
describe('a page gated by its words', () => {
  it('answers the same checks, the same page when every gate matches, and makes no page when one does not', () => {
    const next = random(20261128);
    const index = new SearchIndex(vocabulary());
    for (let i = 0; i < 1500; i++) index.put(product(ulid(5000 + i * 3), next));
    index.compact();
    const spy = countAnswers('nearNames', () => true);
    try {
      let skipped = 0;
      let made = 0;
      for (const q of queries(next, 400).filter((asked) => asked.tokens.length >= 2)) {
        const checks = q.tokens.map((t, i) => ({ tokens: [t], stems: [q.stems[i]!] }));
        const plain = index.checked(q, checks);
        spy.count = 0;
        const gated = index.checked(
          q,
          checks.map((check) => ({ ...check, gate: true })),
        );
        if (plain === 'sql' || gated === 'sql') throw new Error('a sealed index answers every search');
        expect({ q: q.tokens.join(' '), matched: gated.matched }).toEqual({ q: q.tokens.join(' '), matched: plain.matched });
        if (plain.matched.every(Boolean)) {
          made += 1;
          expect(gated).toEqual(plain);
        } else {
          skipped += 1;
          expect(gated).toEqual({ page: null, skipped: true, matched: plain.matched });
          // Not even the name fallback was walked for a page no one reads.
          expect(spy.count).toBe(0);
        }
      }
      expect(skipped).toBeGreaterThan(20);
      expect(made).toBeGreaterThan(20);
    } finally {
      spy.restore();
    }
  });

  it('with its words together as a gate (three or more), makes no page and walks no names when they match nothing together, and counts them once', () => {
    const next = random(20261129);
    const index = new SearchIndex(vocabulary());
    for (let i = 0; i < 1500; i++) index.put(product(ulid(5000 + i * 3), next));
    // Words each held by one product of its own: any three of them match alone and never together.
    const loners = ['saffron', 'jaggery', 'cardamom', 'abacus', 'yoyo', 'kite'];
    loners.forEach((lexeme, i) =>
      index.put({ ...product(ulid(9000 + i), next), entries: [{ lexeme, positions: [NAME | 1] }], nameTrigrams: asciiTrigrams(`${lexeme} ${lexeme}`) ?? [] }),
    );
    index.compact();
    const lonerQueries = loners.map((_, i): IndexQuery => {
      const tokens = [0, 1, 2].map((k) => loners[(i + k * 2) % loners.length]!);
      return {
        tokens,
        stems: tokens,
        textTrigrams: asciiTrigrams(tokens.join(' ')) ?? [],
        limit: 10,
        offset: 0,
      };
    });
    // A text with no trigrams is answered without walking a list.
    const spy = countAnswers('nearNames', (_, [q]) => (q as IndexQuery).textTrigrams.length > 0);
    // The words together are counted once, by the page: not also by a check of their own before it.
    const ranked = countAnswers('streamed', () => true);
    try {
      const seen = { made: 0, apart: 0, together: 0 };
      for (const q of [...queries(next, 1200).filter((asked) => asked.tokens.length >= 3), ...lonerQueries]) {
        const each = q.tokens.map((t, i) => ({ tokens: [t], stems: [q.stems[i]!] }));
        const checks = [...each, { tokens: q.tokens, stems: q.stems }];
        ranked.count = 0;
        const plain = index.checked(q, checks);
        const rankedPlain = ranked.count;
        [spy.count, ranked.count] = [0, 0];
        const gated = index.checked(
          q,
          checks.map((check) => ({ ...check, gate: true })),
        );
        if (plain === 'sql' || gated === 'sql') throw new Error('a sealed index answers every search');
        expect({ q: q.tokens.join(' '), matched: gated.matched }).toEqual({ q: q.tokens.join(' '), matched: plain.matched });
        if (plain.matched.every(Boolean)) {
          seen.made += 1;
          expect(gated).toEqual(plain);
          expect(ranked.count).toBe(rankedPlain);
        } else {
          seen[plain.matched.slice(0, -1).every(Boolean) ? 'together' : 'apart'] += 1;
          expect(gated).toEqual({ page: null, skipped: true, matched: plain.matched });
          expect(spy.count).toBe(0);
        }
      }
      // Every way through: a page made, a word matching nothing, and every word matching alone but not together.
      expect(seen.made).toBeGreaterThan(10);
      expect(seen.apart).toBeGreaterThan(10);
      expect(seen.together).toBeGreaterThanOrEqual(loners.length);
    } finally {
      spy.restore();
      ranked.restore();
    }
  });
});
