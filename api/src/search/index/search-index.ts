import { GrowableFloat64 } from './growable.js';
import { IdTable } from './id-table.js';
import { TopList, type IdOrder, type PageNarrowing } from './id-order.js';
import type { CheckedAnswer, IndexAnswer, IndexNarrowing, IndexPage, IndexQuery, IndexedProduct, WordCheck, WordGroups } from './index-query.js';
import { NarrowingFacts } from './narrowing-facts.js';
import { Lexicon, wordGroups } from './lexicon.js';
import { NameIndex } from './name-fallback.js';
import { Postings } from './postings.js';
import { streamed } from './early-ranking.js';
import type { BigList } from './postings.js';
import { rankedOneWord, rankedWords, type Ranker } from './ranking.js';
import { Scratch } from './scratch.js';
import { Shelves } from './shelves.js';
import type { Vocabulary } from './vocabulary.js';
import { WORTH, WORTH_OF_SEVERAL, entryCode } from './weights.js';

export type { CheckedAnswer, IndexAnswer, IndexNarrowing, IndexQuery, IndexedProduct, WordCheck } from './index-query.js';
export { CORRECTED, DESCRIPTION_HIT, EXACT, LEADING, NAME_HIT, PREFIX, WORD } from './weights.js';
export { compareText, idAfter, idOrderKeys, type IdOrder } from './id-order.js';

/** How many products of an expected build tell how many entries and name trigrams a product has (`expect`). */
const SIZED_BY = 1000;

/**
 * The catalogue's published products held in memory for searching, without a database round trip per search, in parts
 * that each do one thing: the lexicon of their words and what typed words mean (lexicon.ts, with the vocabulary's
 * spelling corrections, vocabulary.ts), the postings (lexeme → (product, entry)) that find the candidates and each
 * product's own entries that decide a several-word match (postings.ts), their shelves (shelves.ts), the ranking
 * (weights.ts, ranking.ts, early-ranking.ts) and a trigram index over names for the "nothing matched" fallback
 * (name-fallback.ts). This class holds them together and keeps them in step with the table.
 *
 * Products get dense numbers in the order they arrive; a changed product gets a new number and
 * its old one is marked dead (postings are append-only), so the owner rebuilds when many are dead.
 */
export class SearchIndex {
  /** The products' ids, each as the ID_KEYS numbers that order it (see idOrderKeys), so ties rarely compare strings. */
  private readonly ids = new IdTable();
  private readonly updatedAts = new GrowableFloat64(1024);
  private readonly lexicon = new Lexicon();
  private readonly postings = new Postings();
  private readonly shelves = new Shelves();
  private readonly facts = new NarrowingFacts();
  private readonly names: NameIndex;
  private readonly scratch = new Scratch();
  /** Per product number, set when the diff's pages named it (startDiff … unseen). */
  private seen: Uint8Array | null = null;
  /** What the rankings read (ranking.ts), its worth and id order set afresh for each search. */
  private readonly ranker: Ranker;
  /** While set, pages show product numbers instead of ids, of what the query's parts keep (`narrowed` goes on with them). */
  private narrowTo: PageNarrowing | null = null;
  /** Whether the last `search` answered with the name fallback (`checked` reads it). */
  private fromNames = false;
  /** Set while a `whole` check is asked: a search of several words counts only the products holding every one. */
  private wholeOnly = false;
  /** How many products a fresh build was told to expect (`expect`), until the first of them say how big one is. */
  private expected = 0;

  /** `exhaustive`: every search ranks every match, and the name fallback counts every name met (the references the early stops are tested against). */
  constructor(
    public vocabulary: Vocabulary,
    private readonly options: { exhaustive?: boolean } = {},
  ) {
    this.names = new NameIndex(options.exhaustive === true);
    this.ranker = {
      postings: this.postings,
      shelves: this.shelves,
      scratch: this.scratch,
      worth: WORTH,
      order: this.idOrder(),
      exhaustive: options.exhaustive === true,
      streamed: (groups, one, every, q) => this.streamed(groups, one, every, q),
      bigList: (groups) => this.bigList(groups),
    };
  }

  get live(): number {
    return this.postings.held;
  }

  get deadShare(): number {
    return this.postings.dead / Math.max(1, this.ids.size);
  }

  /** The owner's diff against the table: starts marking which products held its pages name. */
  startDiff(): void {
    this.seen = new Uint8Array(this.ids.size);
  }

  /** One row of the table's pages (id, updated_at in microseconds): true when it is not held as it is now (new or changed). */
  changed(id: string, updatedAt: number): boolean {
    const doc = this.heldDoc(id);
    if (doc < 0) return true;
    this.seen ??= new Uint8Array(this.ids.size);
    if (doc < this.seen.length) this.seen[doc] = 1;
    return this.updatedAts.buf[doc] !== updatedAt;
  }

  /** Ends the diff: the ids held that no page named (deleted or unpublished); every id held when no diff was started. */
  unseen(): string[] {
    const seen = this.seen;
    this.seen = null;
    const gone: string[] = [];
    const counts = this.postings.entryCount.buf;
    for (let doc = 0; doc < this.ids.size; doc++) if (counts[doc]! >= 0 && !(seen && doc < seen.length && seen[doc])) gone.push(this.ids.id(doc));
    return gone;
  }

  /** The number of a product held, or −1. */
  private heldDoc(id: string): number {
    const doc = this.ids.find(id);
    return doc >= 0 && this.postings.alive(doc) ? doc : -1;
  }

  /**
   * A fresh build will hold about `products` products: its per-product arrays are made that size at once, and its
   * per-entry and per-trigram ones once the first thousand products tell how many a product has. Growing them by
   * doubling left up to half of each unused and each outgrown copy as garbage: at a million products the build's peak
   * stood 160 MiB over the index it built (docs/benchmarks.md#search).
   */
  expect(products: number): void {
    if (this.ids.size > 0 || products <= 0) return;
    this.expected = products;
    this.ids.ensure(products);
    this.updatedAts.ensure(products);
    this.facts.ensure(products);
    this.shelves.of.ensure(products);
    this.postings.ensure(products, 0);
    this.names.ensure(products, 0);
  }

  /** Sizes the per-entry and per-trigram arrays of an expected build from what its first products hold, a 64th over. */
  private sizeByFirst(): void {
    const seen = this.ids.size;
    const room = (held: number) => Math.ceil((held / seen) * this.expected * (1 + 1 / 64));
    this.postings.ensure(this.expected, room(this.postings.entryLex.length));
    this.names.ensure(this.expected, room(this.names.pendingTrigrams ?? 0));
    this.expected = 0;
  }

  put(product: IndexedProduct): void {
    if (this.expected > 0 && this.ids.size === SIZED_BY) this.sizeByFirst();
    this.remove(product.id);
    const doc = this.ids.add(product.id);
    this.updatedAts.push(product.updatedAt);
    this.facts.add(product.facts);
    this.names.add(doc, product.nameTrigrams);
    this.postings.add(
      doc,
      product.entries.map((entry) => this.lexId(entry.lexeme)),
      product.entries.map(entryCode),
    );
    this.shelves.add(
      doc,
      product.shelf.map((name) => [...new Set(name)].map((lexeme) => this.lexId(lexeme))),
    );
  }

  /** The lexicon's id of a lexeme, which joins the lexicon (with no postings yet) when new. */
  private lexId(lexeme: string): number {
    const lex = this.lexicon.add(lexeme);
    if (lex === this.postings.lexDocs.length) this.postings.addLexeme();
    return lex;
  }

  remove(id: string): void {
    const doc = this.heldDoc(id);
    if (doc >= 0) this.postings.remove(doc);
  }

  /**
   * Makes every posting list (of name trigrams, then of lexemes) at once from what the products put so far hold;
   * `between` runs after the names' (a full collection gives back their pending trigrams before the postings are made).
   */
  private layOut(between: () => void = () => undefined): void {
    this.names.layOut(this.ids.size, this.postings.entryCount.buf);
    between();
    this.postings.layOut(this.ids.size, this.lexicon.size, this.idOrder());
  }

  /** Readies the posting lists, the lexicon's sorted view and the scratch arrays after a batch of put/remove calls. */
  seal(): void {
    this.layOut();
    this.lexicon.seal();
    this.scratch.fit(this.lexicon.size, this.ids.size);
  }

  /**
   * After a full build: the posting lists laid out, every array trimmed to what it holds (doubling leaves up to half of
   * each unused), and the scratch arrays sized to the products held. `between` runs after the names' lists are made and
   * before the postings' (search-worker.ts collects garbage there).
   */
  compact(between?: () => void): void {
    this.layOut(between);
    this.ids.trim();
    for (const g of [this.updatedAts, this.shelves.of]) g.trim();
    this.postings.trim();
    this.names.trim();
    this.shelves.trim();
    this.facts.trim();
    this.scratch.drop();
    this.seal();
  }

  /**
   * A page (none for a null query) and whether each check matches something (`matches`). A check of the page's own
   * words is read off the page when it is not narrowed: a search counts a match past its first page exactly when it
   * counts one on any page, so the page's count, unless the name fallback answered it, says. When that check is a gate
   * the page is wanted only if its words match, so the name fallback is not walked for it: no match skips the page.
   */
  checked(query: IndexQuery | null, checks: WordCheck[]): CheckedAnswer {
    if (!query) return { page: null, matched: checks.map((check) => this.matches(check)) };
    const same = (check: WordCheck) => !query.narrowing && check.tokens.length === query.tokens.length && check.tokens.every((t, i) => t === query.tokens[i]);
    const ownGate = checks.some((check) => check.gate && same(check));
    // A page wanted only if every gate check matches (a plain search whose words each must): a word that matches
    // nothing makes the page, and the name fallback it may walk, work thrown away. The page's own words are its count.
    const gates = checks.map((check) => (check.gate && !same(check) ? this.matches(check) : true));
    if (gates.includes(false))
      return { page: null, skipped: true, matched: checks.map((check, k) => (check.gate && !same(check) ? gates[k]! : this.matches(check))) };
    const page = this.search(ownGate ? { ...query, textTrigrams: [] } : query);
    if (page === 'sql') return 'sql';
    const own = !this.fromNames && page.total > 0;
    const matched = checks.map((check, k) => (same(check) ? own : check.gate ? gates[k]! : this.matches(check)));
    return ownGate && !own ? { page: null, skipped: true, matched } : { page, matched };
  }

  search(q: IndexQuery): IndexAnswer {
    this.fromNames = false;
    if (q.narrowing) return this.narrowed(q, q.narrowing);
    this.seal();
    const groups = wordGroups(q, this.lexicon, this.vocabulary);
    const none = { ids: [], total: 0 };
    const r = this.ranker;
    r.worth = groups.length > 1 ? WORTH_OF_SEVERAL : WORTH;
    r.order = this.idOrder();
    if (groups.length === 0) return q.offset === 0 ? this.nearNames(q) : none;
    const found = groups.filter((items) => items.size > 0);
    if (groups.length === 1) {
      if (!found.length) return q.offset === 0 ? this.nearNames(q) : none;
      const page = rankedOneWord(r, found[0]!, q);
      return page.total === 0 && q.offset === 0 ? this.nearNames(q) : page;
    }
    if (this.wholeOnly) return found.length === groups.length ? rankedWords(r, found, false, q) : none;
    // Several words: the products holding all of them; when they do not fill the page, those holding all but one follow.
    if (found.length === 0 || found.length < groups.length - 1) return q.offset === 0 ? this.nearNames(q) : none;
    if (this.narrowTo && found.length === groups.length) {
      // Narrowed: only the products holding every word count when some do (ranking.ts), found from the rarest word's list.
      const whole = rankedWords(r, found, false, q);
      if (whole.total > 0) return whole;
    }
    const answer = rankedWords(r, found, found.length === groups.length, q);
    return answer.total || q.offset > 0 ? answer : this.nearNames(q);
  }

  /**
   * A search narrowed by the query's understood parts (narrowing-facts.ts): of its ranked matches, those holding every
   * word when some do (ranking.ts), then those every part keeps; when the query says whose shelves are the shopper's own and some
   * kept products there hold every searched word, only those. Every match is ranked and counted as it is offered (no
   * early stop), and only the page is kept (id-order.ts PageNarrowing), however many match: the page of what stays and
   * how many stay, what search.repository.ts's RANKED_FILTER keeps of the same ranking.
   */
  private narrowed(q: IndexQuery, n: IndexNarrowing): IndexAnswer {
    if (q.tokens.length === 0) return this.listing(q, n);
    const kind = n.kindLexemes?.map((lexeme) => this.lexicon.find(lexeme) ?? -1) ?? null;
    const narrow: PageNarrowing = {
      keep: this.keeper(n),
      own: n.ownShelves ? (doc) => this.facts.onShelves(doc, n.ownShelves) && (!kind || this.holdsAll(doc, kind)) : null,
      kept: 0,
      owned: 0,
      ownPage: [],
    };
    this.narrowTo = narrow;
    let ranked: IndexAnswer;
    try {
      ranked = this.search({ ...q, narrowing: undefined, limit: q.offset + q.limit, offset: 0 });
    } finally {
      this.narrowTo = null;
    }
    if (ranked === 'sql') return 'sql';
    const [chosen, total] = narrow.owned ? [narrow.ownPage, narrow.owned] : [ranked.ids.map(Number), narrow.kept];
    return { ids: chosen.slice(q.offset, q.offset + q.limit).map((doc) => this.ids.id(doc)), total };
  }

  /**
   * A query of parts alone ("black", "for 6 year old"): every product they keep, newest first (created, then id), those
   * on the shopper's own shelves when some are — search.repository.ts's NARROWED_LISTING, without a scan of the table.
   */
  private listing(q: IndexQuery, n: IndexNarrowing): IndexAnswer {
    this.seal();
    const order = { id: (doc: number) => this.ids.id(doc), keys: this.ids.keys.buf };
    const [top, ownTop] = [new TopList(q.offset + q.limit, order), new TopList(q.offset + q.limit, order)];
    const alive = this.postings.entryCount.buf;
    const facts = this.facts;
    const keeps = this.keeper(n);
    let [kept, owned] = [0, 0];
    // Newest first, as ids mostly are: an older product is then turned away by one comparison. Every product is looked
    // at (the count is of all they keep), so the loop asks each one's facts directly.
    for (let doc = this.ids.size - 1; doc >= 0; doc--) {
      if (alive[doc]! < 0 || !keeps(doc)) continue;
      kept += 1;
      const created = facts.created(doc);
      if (n.ownShelves && facts.onShelves(doc, n.ownShelves)) {
        owned += 1;
        ownTop.offer(doc, created);
      }
      top.offer(doc, created);
    }
    const [chosen, total] = owned ? [ownTop.best(0), owned] : [top.best(0), kept];
    return { ids: chosen.slice(q.offset, q.offset + q.limit).map((doc) => this.ids.id(doc)), total };
  }

  /**
   * Whether a product passes every part of `n` (its own shelves aside): its facts, and none of the parts left out
   * (a product whose own words hold every lexeme of one goes, as narrowing.ts's `not exists (… @@ plainto_tsquery)`).
   */
  private keeper(n: IndexNarrowing): (doc: number) => boolean {
    const facts = this.facts;
    if (!n.excludedLexemes?.length) return (doc) => facts.keeps(doc, n);
    // The products left out, from the postings of each part's first word: a lookup a product, not a walk of its words.
    const gone = new Set<number>();
    for (const lexemes of n.excludedLexemes) {
      const lexes = lexemes.map((lexeme) => this.lexicon.find(lexeme) ?? -1);
      if (lexes.length === 0 || lexes.includes(-1)) continue;
      const docs = this.postings.lexDocs[lexes[0]!]!;
      for (let p = 0; p < docs.length; p++) if (lexes.length === 1 || this.holdsAll(docs.buf[p]!, lexes)) gone.add(docs.buf[p]!);
    }
    return (doc) => facts.keeps(doc, n) && !gone.has(doc);
  }

  /** Whether a product's own words (its vector) hold every one of these lexicon ids (none holds −1); false for none, as `@@` an empty query. */
  private holdsAll(doc: number, lexes: number[]): boolean {
    if (lexes.length === 0) return false;
    const { entryStart, entryCount, entryLex } = this.postings;
    const [start, count] = [entryStart.buf[doc]!, entryCount.buf[doc]!];
    return lexes.every((lex) => {
      for (let e = start; e < start + count; e++) if (entryLex.buf[e] === lex) return true;
      return false;
    });
  }

  /**
   * Whether some product holds these words as a search counts them past its first page (so the name fallback, which
   * answers only a first page, does not count): the search service's check that a word names something sold.
   */
  matches(check: WordCheck): boolean {
    if (check.tokens.length === 1) return this.holdsWord(check);
    this.wholeOnly = !!check.whole;
    try {
      const page = this.search({ ...check, textTrigrams: [], limit: 1, offset: 1 });
      return page !== 'sql' && page.total > 0;
    } finally {
      this.wholeOnly = false;
    }
  }

  /**
   * `matches` for one word, without ranking: whether a live product holds one of its items in its own words or through
   * a shelf naming it (what a search of the word counts past its first page), stopping at the first. Counting every
   * match of a common word to learn that there is one was most of a check's cost.
   */
  private holdsWord(check: WordCheck): boolean {
    this.seal();
    const [items] = wordGroups({ ...check, textTrigrams: [], limit: 1, offset: 1 }, this.lexicon, this.vocabulary);
    if (!items) return false;
    const alive = this.postings.entryCount.buf;
    for (const lex of items.keys()) {
      const docs = this.postings.lexDocs[lex]!;
      for (let p = 0; p < docs.length; p++) if (alive[docs.buf[p]!]! >= 0) return true;
    }
    for (const { docs } of this.shelves.match([items])) for (let p = 0; p < docs.length; p++) if (alive[docs.buf[p]!]! >= 0) return true;
    return false;
  }

  /** The name fallback (name-fallback.ts): published products whose name is trigram-similar to the whole text, best first. */
  nearNames(q: IndexQuery): IndexPage {
    this.fromNames = true;
    return this.names.nearNames(q, { alive: this.postings.entryCount.buf, order: this.idOrder(), scratch: this.scratch });
  }

  /** The ranking that stops early (early-ranking.ts), or null when it cannot. */
  private streamed(groups: WordGroups, one: boolean, every: boolean, q: IndexQuery): IndexPage | null {
    return streamed(this.ranker, groups, one, every, q, this.narrowTo);
  }

  private bigList(groups: WordGroups): BigList | null {
    return this.postings.bigList(groups);
  }

  private idOrder(): IdOrder {
    const ids = this.ids;
    return { id: (doc) => ids.id(doc), keys: this.ids.keys.buf, ...(this.narrowTo ? { narrow: this.narrowTo } : {}) };
  }
}
