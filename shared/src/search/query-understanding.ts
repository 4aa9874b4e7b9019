import {
  AGE_WORDS,
  AT_LEAST_AFTER,
  AT_LEAST_BEFORE,
  AT_MOST_AFTER,
  AT_MOST_BEFORE,
  AUDIENCE_WORDS,
  BETWEEN_WORDS,
  COLOUR_WORDS,
  CURRENCY_WORDS,
  FILLER_WORDS,
  KIND_HINTS,
  MATERIAL_WORDS,
  RANGE_JOINS,
  UNIT_WORDS,
  type Audience,
  type Colour,
  type Material,
} from './query-vocabulary.js';
import { DEVANAGARI_WORDS } from './devanagari-words.js';
import { INDIAN_WORDS } from './indian-words.js';
import { OCCASIONS } from './occasions.js';
import {
  BARE_SIZES,
  EXCLUDE_AFTER,
  EXCLUDE_BEFORE,
  EXCLUDE_ONE_WORD,
  NON_WORDS,
  ORDER_WORDS,
  RELATION_WORDS,
  SIZE_LEADS,
  SIZE_WORDS,
  SPOKEN_AMOUNTS,
  type SearchOrder,
} from './order-and-exclusion-words.js';

/**
 * Query understanding (docs/decisions/0310-query-understanding.md): what a shopper typed, read once into what is
 * searched for and what narrows it — a price limit, who it is for, a child's age, a colour, a material, a pack size —
 * in English, Hinglish and Devanagari. The API and the device's offline search both read a query through this one
 * function. Pure and cheap: every table is a Map built when the module loads, the few patterns are constants.
 */

/** Where a part was said: tokens [from, to) of the query (see `withoutPart`). */
interface Said {
  from: number;
  to: number;
}
export type QueryPart =
  | ({ kind: 'price'; min: number | null; max: number | null } & Said)
  | ({ kind: 'audience'; audience: Audience } & Said)
  | ({ kind: 'age'; years: number } & Said)
  | ({ kind: 'colour'; colour: Colour } & Said)
  | ({ kind: 'material'; material: Material } & Said)
  | ({ kind: 'pack'; amount: number; unit: 'g' | 'ml' | 'pcs' } & Said)
  | ({ kind: 'sort'; sort: SearchOrder } & Said)
  | ({ kind: 'exclude'; words: string[]; typed: string } & Said)
  | ({ kind: 'size'; size: string } & Said)
  | ({ kind: 'occasion'; occasion: string } & Said);
export type QueryPartKind = QueryPart['kind'];

export interface UnderstoodQuery {
  /** What is searched for: the catalogue's words, in the order typed (colour and material words among them). */
  words: string[];
  /** What narrows it, at most one of each kind, in the order typed. */
  parts: QueryPart[];
  /** Words read as nothing (a bare number, a second colour): said back to the shopper, never searched. */
  unmatched: string[];
}

/** What a search answer says it understood (docs/product.md#api): the parts that narrowed it, and the words it dropped. */
export interface SearchUnderstood {
  parts: QueryPart[];
  unmatched: string[];
  /**
   * Why the page is empty, when it is and one thing emptied it: a kind the shop does not sell (its words), or the
   * query's price limit (nothing of the rest costs within it). Absent when the page has products.
   */
  emptied?: { by: 'unsold'; words: string } | { by: 'price' };
  /**
   * A brand the shop sells, asked for as a kind it does not sell it in ("titan earbuds"): the words asked and the brand
   * as the shop writes it; the page is the brand's range.
   */
  lacking?: { words: string; brand: string };
}

interface Token {
  /** As typed (lower case), to say back and to rebuild a query without a part. */
  text: string;
  /** The form the tables are keyed by (Devanagari without its nukta dots: "नॉइज" and "नॉइज़" alike). */
  key: string;
  num: number | null;
}

const SPLIT = /[\s,;:!?()"“”/|]+/u;
const EDGE = /^[^\p{L}\p{M}\p{N}₹]+|[^\p{L}\p{M}\p{N}]+$/gu;
/** A number glued to a currency before it or a unit after it: "₹500", "rs.500", "2k", "1kg", "500gm". */
const GLUED = /^(₹|rs\.?|inr)?(\d+(?:\.\d+)?)(k)?([\p{L}\p{M}]+)?$/u;
/** A range or an age written with hyphens: "500-1000", "6-year-old". */
const HYPHENED_NUMBER = /^\d[\d.k]*-/;
const NUKTA = /\u093c/g;
/** Digit grouping in a price ("1,500", "1,50,000"). */
const GROUPING = /(\d),(?=\d)/g;
const DEVANAGARI_DIGITS = /[०-९]/g;
const MAX_PHRASE = 3;

const keyOf = (text: string) => text.replace(NUKTA, '');
/** Tables keyed by phrase (one to three words), as `keyOf` keys them. */
const tableOf = <T>(entries: Array<[string[], T]>) => {
  const map = new Map<string, T>();
  for (const [words, value] of entries) for (const w of words) if (!map.has(keyOf(w.normalize('NFC')))) map.set(keyOf(w.normalize('NFC')), value);
  return map;
};
const SET = (words: string[]) => new Set(words.map((w) => keyOf(w.normalize('NFC'))));
const AUDIENCE = tableOf(Object.entries(AUDIENCE_WORDS).map(([a, words]) => [words, a as Audience]));
const COLOUR = tableOf(Object.entries(COLOUR_WORDS).map(([c, words]) => [words, c as Colour]));
const MATERIAL = tableOf(Object.entries(MATERIAL_WORDS).map(([m, words]) => [words, m as Material]));
const CATALOGUE_WORD = tableOf(Object.entries(DEVANAGARI_WORDS).map(([w, means]) => [[w], means]));
const HINT = tableOf(Object.entries(KIND_HINTS).map(([w, means]) => [[w], means]));
const UNIT = tableOf(Object.entries(UNIT_WORDS).map(([w, u]) => [[w], u]));
const AGE = tableOf(Object.entries(AGE_WORDS).map(([w, per]) => [[w], per]));
const OTHER_LANGUAGE_WORD = tableOf(Object.entries(INDIAN_WORDS).map(([means, words]) => [words, means]));
const ORDER = tableOf(Object.entries(ORDER_WORDS).map(([order, words]) => [words, order as SearchOrder]));
const OCCASION = tableOf(OCCASIONS.map((o) => [o.words, o.name]));
const SPOKEN = tableOf(Object.entries(SPOKEN_AMOUNTS).map(([w, n]) => [[w], n]));
const SIZE = tableOf(Object.entries(SIZE_WORDS).map(([w, size]) => [[w], size]));
const BARE_SIZE = SET(BARE_SIZES);
const SIZE_LEAD = SET(SIZE_LEADS);
const NOT_BEFORE = SET(EXCLUDE_BEFORE);
const NOT_AFTER = SET(EXCLUDE_AFTER);
const NOT_ONE_WORD = SET(EXCLUDE_ONE_WORD);
const NON_WORD = SET(NON_WORDS);
const RELATION = SET(RELATION_WORDS);
/** Where a phrase left out ("without …") ends: a word that begins another part of the query. */
const ENDS_EXCLUSION = SET(['for', 'under', 'below', 'above', 'with', 'ke liye', 'के लिए', 'liye', 'लिए']);
const CURRENCY = SET(CURRENCY_WORDS);
const FILLER = SET(FILLER_WORDS);
const MOST_BEFORE = SET(AT_MOST_BEFORE);
const MOST_AFTER = SET(AT_MOST_AFTER);
const LEAST_BEFORE = SET(AT_LEAST_BEFORE);
const LEAST_AFTER = SET(AT_LEAST_AFTER);
const BETWEEN = SET(BETWEEN_WORDS);
const JOIN = SET(RANGE_JOINS);
const AFTER_AGE = SET(['old', 'ka', 'ki', 'ke', 'का', 'की', 'के']);
/** The first words of every phrase of two or three words in the tables. */
const STARTS_PHRASE = new Set(
  [
    AUDIENCE,
    COLOUR,
    MATERIAL,
    CATALOGUE_WORD,
    OTHER_LANGUAGE_WORD,
    HINT,
    UNIT,
    AGE,
    CURRENCY,
    FILLER,
    MOST_BEFORE,
    MOST_AFTER,
    LEAST_BEFORE,
    LEAST_AFTER,
    BETWEEN,
    JOIN,
    ORDER,
    OCCASION,
    NOT_BEFORE,
    NOT_AFTER,
    ENDS_EXCLUSION,
  ]
    .flatMap((table) => [...table.keys()])
    .concat(['pack of', 'set of'])
    .filter((key) => key.includes(' '))
    .map((key) => key.split(' ')[0]!),
);
/** What may lead to a number: a limit's or a range's word before it, "pack of", a currency. */
const LEADS_TO_NUMBER = new Set([...MOST_BEFORE, ...LEAST_BEFORE, ...BETWEEN, ...CURRENCY, 'pack', 'set'].map((key) => key.split(' ')[0]!));
/** A word of lower-case Latin letters only: most words, taken as they are. */
const PLAIN = /^[a-z]+$/;
const NUMBER = /^\d+(\.\d+)?$/;

/** The query's tokens: words, and numbers split from what they were glued to. */
export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  const push = (t: string) => tokens.push({ text: t, key: keyOf(t), num: NUMBER.test(t) ? Number(t) : null });
  const clean = text
    .normalize('NFC')
    .toLowerCase()
    .replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - 0x966))
    .replace(GROUPING, '$1');
  for (const raw of clean.split(SPLIT)) {
    if (PLAIN.test(raw)) {
      tokens.push({ text: raw, key: raw, num: null });
      continue;
    }
    const chunk = raw.replace(EDGE, '');
    if (!chunk) continue;
    if (!HYPHENED_NUMBER.test(chunk)) pushGlued(chunk, push);
    // "500-1000" keeps its dash (a range); "6-year-old" is three words.
    else chunk.split('-').forEach((p, i, all) => (i && /\d$/.test(all[i - 1]!) && /^\d/.test(p) ? (push('-'), pushGlued(p, push)) : pushGlued(p, push)));
  }
  return tokens;
}

function pushGlued(part: string, push: (t: string) => void): void {
  const m = GLUED.exec(part);
  if (!m) return void (part && push(part));
  if (m[1]) push(m[1].replace('.', ''));
  push(m[3] ? String(Number(m[2]) * 1000) : m[2]!);
  if (m[4]) push(m[4]);
}

/** The longest phrase (up to three tokens) at `i` that `has` knows, as its length, or 0. */
function phraseAt(tokens: Token[], i: number, has: (key: string) => boolean): number {
  const first = tokens[i];
  if (!first) return 0;
  // Most words start no phrase: they are looked up alone, with no key built.
  if (!STARTS_PHRASE.has(first.key)) return has(first.key) ? 1 : 0;
  for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1; n--) {
    let key = tokens[i]!.key;
    for (let k = 1; k < n; k++) key += ' ' + tokens[i + k]!.key;
    if (has(key)) return n;
  }
  return 0;
}
const phraseKey = (tokens: Token[], i: number, n: number) =>
  tokens
    .slice(i, i + n)
    .map((t) => t.key)
    .join(' ');

/** Reads the query (see UnderstoodQuery). */
export function understandQuery(text: string): UnderstoodQuery {
  const tokens = tokensOf(text);
  const parts: QueryPart[] = [];
  const read: WordsRead = { words: [], hinted: false, afterWord: false };
  const { words } = read;
  const unmatched: string[] = [];
  const add = (part: QueryPart) => {
    const same = parts.find((p) => p.kind === part.kind);
    if (!same || part.kind === 'exclude') parts.push(part);
    else if (same.kind === 'price' && part.kind === 'price') mergePrice(same, part);
    // A second occasion ("return gifts for a birthday party") says nothing the first does not.
    else if (part.kind !== 'occasion')
      unmatched.push(
        tokens
          .slice(part.from, part.to)
          .map((t) => t.text)
          .join(' '),
      );
  };
  let i = 0;
  while (i < tokens.length) {
    const number = readNumber(tokens, i);
    if (number) {
      if (number.part) add(number.part);
      else unmatched.push(tokens[number.at]!.text);
      i = number.to;
      continue;
    }
    i = readWord(tokens, i, add, read);
  }
  return { words: [...new Set(words)], parts, unmatched };
}

function mergePrice(into: Extract<QueryPart, { kind: 'price' }>, more: Extract<QueryPart, { kind: 'price' }>): void {
  if (more.max !== null) into.max = into.max === null ? more.max : Math.min(into.max, more.max);
  if (more.min !== null) into.min = into.min === null ? more.min : Math.max(into.min, more.min);
  into.from = Math.min(into.from, more.from);
  into.to = Math.max(into.to, more.to);
}

/** The words read so far, whether a kind hint was among them, and whether the last token read was a searched word. */
interface WordsRead {
  words: string[];
  hinted: boolean;
  afterWord: boolean;
}

/** A word or phrase at `i` that is not about a number: who, colour, material, filler, or a word searched for. */
function readWord(tokens: Token[], i: number, add: (p: QueryPart) => void, read: WordsRead): number {
  const wasAfterWord = read.afterWord;
  read.afterWord = false;
  const { words } = read;
  let n = phraseAt(tokens, i, (k) => OCCASION.has(k));
  if (n) return (add({ kind: 'occasion', occasion: OCCASION.get(phraseKey(tokens, i, n))!, from: i, to: i + n }), i + n);
  const left = readExclusion(tokens, i, add);
  if (left) return left;
  n = phraseAt(tokens, i, (k) => ORDER.has(k));
  if (n) return (add({ kind: 'sort', sort: ORDER.get(phraseKey(tokens, i, n))!, from: i, to: i + n }), i + n);
  const size = readSize(tokens, i);
  if (size) return (add(size), size.to);
  n = phraseAt(tokens, i, (k) => AUDIENCE.has(k));
  // A relation after a searched word is a title's ("The Weaver's Daughter"), not whom a gift is for.
  if (n && !(n === 1 && wasAfterWord && RELATION.has(tokens[i]!.key)))
    return (add({ kind: 'audience', audience: AUDIENCE.get(phraseKey(tokens, i, n))!, from: i, to: i + n }), i + n);
  n = phraseAt(tokens, i, (k) => COLOUR.has(k));
  if (n) {
    const colour = COLOUR.get(phraseKey(tokens, i, n))!;
    add({ kind: 'colour', colour, from: i, to: i + n });
    words.push(colour.toLowerCase());
    return i + n;
  }
  n = phraseAt(tokens, i, (k) => MATERIAL.has(k));
  if (n) {
    const material = MATERIAL.get(phraseKey(tokens, i, n))!;
    add({ kind: 'material', material, from: i, to: i + n });
    words.push(material);
    return i + n;
  }
  n = phraseAt(tokens, i, (k) => HINT.has(k));
  if (n) {
    // A question names its kind once: a second hint ("novel to read") adds nothing but a wider shelf.
    if (!read.hinted) words.push(HINT.get(phraseKey(tokens, i, n))!);
    read.hinted = true;
    return i + n;
  }
  n = phraseAt(tokens, i, (k) => CATALOGUE_WORD.has(k) || OTHER_LANGUAGE_WORD.has(k));
  if (n) {
    const key = phraseKey(tokens, i, n);
    words.push(...(CATALOGUE_WORD.get(key) ?? OTHER_LANGUAGE_WORD.get(key)!).split(' '));
    read.afterWord = true;
    return i + n;
  }
  n = phraseAt(tokens, i, (k) => FILLER.has(k) || CURRENCY.has(k));
  if (n) return i + n;
  words.push(tokens[i]!.text);
  read.afterWord = true;
  return i + 1;
}

/** A token's catalogue words when it is left out: a colour or material by the catalogue's word, a word of another script by its own. */
function excludedWords(token: Token): string[] {
  const colour = COLOUR.get(token.key);
  if (colour) return [colour.toLowerCase()];
  const known = MATERIAL.get(token.key) ?? CATALOGUE_WORD.get(token.key) ?? OTHER_LANGUAGE_WORD.get(token.key);
  return known ? known.split(' ') : [token.text];
}

/**
 * What is left out at `i` (docs/product.md#search): "without …" and "except …" to the end of the query (or a word
 * that begins another part: "for", "under"); "bina …", "non-…" a word; "… ke bina", "… के बिना" the word before.
 * The position past it, or 0 when nothing is left out here.
 */
function readExclusion(tokens: Token[], i: number, add: (p: QueryPart) => void): number {
  const token = tokens[i]!;
  if (token.key.startsWith('non-') && !NON_WORD.has(token.key.slice(4))) {
    const rest = token.text.slice(4);
    const words = excludedWords({ text: rest, key: keyOf(rest), num: null });
    return (add({ kind: 'exclude', words, typed: rest, from: i, to: i + 1 }), i + 1);
  }
  const after = tokens[i + 1] ? phraseAt(tokens, i + 1, (k) => NOT_AFTER.has(k)) : 0;
  if (after && !FILLER.has(token.key))
    return (add({ kind: 'exclude', words: excludedWords(token), typed: token.text, from: i, to: i + 1 + after }), i + 1 + after);
  const lead = phraseAt(tokens, i, (k) => NOT_BEFORE.has(k));
  if (!lead) return 0;
  const key = phraseKey(tokens, i, lead);
  if (key === 'non' && NON_WORD.has(tokens[i + 1]?.key ?? '')) return 0;
  const one = NOT_ONE_WORD.has(key);
  const words: string[] = [];
  const typed: string[] = [];
  let j = i + lead;
  while (j < tokens.length && tokens[j]!.num === null && !(words.length && one)) {
    if (phraseAt(tokens, j, (k) => ENDS_EXCLUSION.has(k) || AUDIENCE.has(k) || ORDER.has(k) || OCCASION.has(k))) break;
    if (!FILLER.has(tokens[j]!.key)) {
      words.push(...excludedWords(tokens[j]!));
      typed.push(tokens[j]!.text);
    }
    j++;
  }
  if (words.length === 0) return 0;
  return (add({ kind: 'exclude', words, typed: typed.join(' '), from: i, to: j }), j);
}

/** A clothing or shoe size at `i`: "XL", "size m", "size 8", "uk 9"; null when none is said here. */
function readSize(tokens: Token[], i: number): (QueryPart & { kind: 'size' }) | null {
  const token = tokens[i]!;
  if (BARE_SIZE.has(token.key)) return { kind: 'size', size: SIZE.get(token.key)!, from: i, to: i + 1 };
  if (!SIZE_LEAD.has(token.key)) return null;
  const next = tokens[i + 1];
  if (!next) return null;
  const size = SIZE.get(next.key) ?? (next.num !== null && Number.isInteger(next.num) && next.num < 60 ? String(next.num) : null);
  return size ? { kind: 'size', size, from: i, to: i + 2 } : null;
}

type NumberRead = { part: QueryPart | null; at: number; to: number };

/**
 * A number at `i` (or a word that leads to one: "under", "between", "₹", "pack of") and what it says: a price limit,
 * a pack size, an age; a number that says none of these is unmatched. Null when no number is read here.
 */
function readNumber(tokens: Token[], i: number): NumberRead | null {
  const spoken = SPOKEN.get(tokens[i]!.key);
  const unit = spoken !== undefined ? UNIT.get(tokens[i + 1]?.key ?? '') : undefined;
  // An amount in words before its unit: "half kg", "dedh kilo", "paav kilo", "आधा किलो".
  if (unit && unit.unit !== 'pcs') return { part: { kind: 'pack', amount: spoken! * unit.times, unit: unit.unit, from: i, to: i + 2 }, at: i, to: i + 2 };
  if (tokens[i]!.num === null && !LEADS_TO_NUMBER.has(tokens[i]!.key)) return null;
  const lead = phraseAt(tokens, i, (k) => MOST_BEFORE.has(k) || LEAST_BEFORE.has(k) || BETWEEN.has(k) || k === 'pack of' || k === 'set of');
  const at = i + lead;
  const numberAt = tokens[at]?.num !== null && tokens[at] ? at : CURRENCY.has(tokens[at]?.key ?? '') && tokens[at + 1]?.num != null ? at + 1 : -1;
  if (numberAt < 0) return null;
  const n = tokens[numberAt]!.num!;
  const key = lead ? phraseKey(tokens, i, lead) : '';
  if (key === 'pack of' || key === 'set of')
    return { part: { kind: 'pack', amount: n, unit: 'pcs', from: i, to: numberAt + 1 }, at: numberAt, to: numberAt + 1 };
  if (BETWEEN.has(key)) {
    const range = readRange(tokens, i, numberAt);
    if (range) return range;
  }
  if (MOST_BEFORE.has(key) || LEAST_BEFORE.has(key)) {
    const to = afterPrice(tokens, numberAt + 1);
    const max = MOST_BEFORE.has(key) ? n : null;
    return { part: { kind: 'price', min: max === null ? n : null, max, from: i, to }, at: numberAt, to };
  }
  if (lead) return null;
  return readAfter(tokens, i, numberAt, n);
}

/** Past a price's number: a currency word after it ("500 rupees"). */
const afterPrice = (tokens: Token[], j: number) => (CURRENCY.has(tokens[j]?.key ?? '') ? j + 1 : j);

/** "between 500 and 1000", "500 to 1000", "500 se 1000 tak", from its first number at `numberAt`. */
function readRange(tokens: Token[], from: number, numberAt: number): NumberRead | null {
  let j = afterPrice(tokens, numberAt + 1);
  if (!JOIN.has(tokens[j]?.key ?? '')) return null;
  j = CURRENCY.has(tokens[j + 1]?.key ?? '') ? j + 2 : j + 1;
  const high = tokens[j]?.num;
  if (high == null) return null;
  let to = afterPrice(tokens, j + 1);
  to += phraseAt(tokens, to, (k) => MOST_AFTER.has(k));
  const low = tokens[numberAt]!.num!;
  return { part: { kind: 'price', min: Math.min(low, high), max: Math.max(low, high), from, to }, at: numberAt, to };
}

/** A number followed by what says what it is: a unit, an age, a limit after it, or a range to a second number. */
function readAfter(tokens: Token[], from: number, numberAt: number, n: number): NumberRead {
  const next = numberAt + 1;
  const unit = UNIT.get(tokens[next]?.key ?? '');
  if (unit) return { part: { kind: 'pack', amount: n * unit.times, unit: unit.unit, from, to: next + 1 }, at: numberAt, to: next + 1 };
  const per = AGE.get(tokens[next]?.key ?? '');
  if (per !== undefined) {
    let to = next + 1;
    while (to < tokens.length && AFTER_AGE.has(tokens[to]!.key)) to++;
    return { part: { kind: 'age', years: Math.round(n * per * 10) / 10, from, to }, at: numberAt, to };
  }
  const range = readRange(tokens, from, numberAt);
  if (range) return range;
  const afterCurrency = afterPrice(tokens, next);
  const limit = phraseAt(tokens, afterCurrency, (k) => MOST_AFTER.has(k) || LEAST_AFTER.has(k));
  const priced = afterCurrency > next || from < numberAt;
  if (!limit && !priced) return { part: null, at: numberAt, to: next };
  const to = afterCurrency + limit;
  const atLeast = limit > 0 && LEAST_AFTER.has(phraseKey(tokens, afterCurrency, limit));
  return { part: { kind: 'price', min: atLeast ? n : null, max: atLeast ? null : n, from, to }, at: numberAt, to };
}

/** The query as typed without one of its parts (a chip the shopper removed), the rest of its words in order. */
export function withoutPart(text: string, part: Pick<QueryPart, 'from' | 'to'>): string {
  return tokensOf(text)
    .filter((_, i) => i < part.from || i >= part.to)
    .map((t) => t.text)
    .join(' ');
}
