import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_STATEMENT, type Db, type NamedStatement } from '../db/database.js';
import {
  CatalogVersion,
  ProductRowCache,
  type ProductChange,
  type ProductSearch,
  type ProductSearchQuery,
  type ProductSearchResult,
} from '../catalog/index.js';
import { SearchIndexService } from './index/index.service.js';
import { understandQuery, type SearchUnderstood, type UnderstoodQuery } from '@haat/shared/search/query-understanding';
import { filterRanked, heldTokens, learnWords, narrowedListing, rankedSearch, searchTokens, type SearchPage } from './search.repository.js';
import { NO_NARROWING, indexNarrowing, measures, narrowingValues, narrows } from './narrowing.js';
import { isAscii } from './index/trigrams.js';
import { correctedSearch } from './correction.js';
import { Synonyms } from './synonyms/synonyms.js';
import { SoldKinds, kindsNamed } from './sold-kinds.js';
import { Occasions } from './occasions.js';
import { ShopBrands } from './brands.js';
import { brandNamed, nameHolds, namesOwnWords, onlyInsideLongerWords } from './whole-words.js';

/**
 * Most ranked matches a filtered or sorted search narrows (a search matching more, rare in a shop,
 * is narrowed and ordered by PostgreSQL instead, as while the index builds).
 */
const FILTERED_CANDIDATES = 20_000;

export type SearchQuery = ProductSearchQuery;
export type SearchResult = ProductSearchResult;

export type { ProductChange };

/** What one search has learnt of its words: a token list (joined by spaces) → whether it matches some product. */
type Checked = Map<string, boolean>;

/** A page, and whether each word checked beside it matches something. */
type Answer = { rows: SearchResult['rows']; total: number; matched: boolean[] };

const maxOf = (a: number | undefined, b: number | null | undefined) => (b == null ? a : a === undefined ? b : Math.max(a, b));
const minOf = (a: number | undefined, b: number | null | undefined) => (b == null ? a : a === undefined ? b : Math.min(a, b));

/**
 * The shop's search, behind one interface. A search is ranked by the in-process index (see
 * index/weights.ts and index/ranking.ts for its one ranking); a listing's price and stock filters then keep or drop
 * ranked products in PostgreSQL without reordering them, and a listing's own order (price, newest)
 * replaces ranking over the same matches. PostgreSQL full text answers only while the index is not
 * current, for every kind of search in one statement (search.repository.ts's RANKED_SEARCH), and
 * ranks a little differently then. The rows shown are read from PostgreSQL by id and held a few
 * seconds at most (ProductRowCache), dropped by any change to their product, so price, stock and
 * rating on a result are as fresh as the catalogue's cached answers.
 */
@Injectable()
export class SearchService implements ProductSearch {
  /** The rows a page of the index's results shows, held a few seconds (every search text is new; its products are not). */
  private readonly rows: ProductRowCache;

  constructor(
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
    private readonly index: SearchIndexService,
    private readonly catalog: CatalogVersion,
    private readonly synonyms: Synonyms,
    private readonly kinds: SoldKinds,
    private readonly occasions: Occasions,
    private readonly brands: ShopBrands,
  ) {
    this.rows = new ProductRowCache(read, catalog);
  }

  /**
   * A page of the search, or null when nothing searchable was typed (the caller lists everything). The query is read
   * once (shared/src/search/query-understanding.ts, docs/decisions/0310-query-understanding.md): its words are
   * searched for, its parts narrow the matches, and what was understood and what matched nothing come back with them.
   */
  async search(query: SearchQuery): Promise<SearchResult | null> {
    // Only the index answers whether a name holds the words cheaply: while it catches up, the parts stand.
    const read = understandQuery(query.text);
    const understood = this.index.current ? await namesOwnWords(query.text, read, this.bestName) : read;
    const { parts } = understood;
    const said: SearchUnderstood = { parts, unmatched: [...understood.unmatched] };
    const none = { rows: [], total: 0, understood: said };
    if (understood.words.length === 0 && parts.length === 0) return said.unmatched.length ? none : null;
    // A brand the shop sells, asked for as a kind it does not sell it in: said so, and the brand's range shown (docs/product.md#search).
    const lacking = parts.length === 0 && this.index.current ? await this.brands.lacking(understood.words, (word) => brandNamed(word, this.bestName)) : null;
    if (lacking) {
      const range = await this.search({ ...query, text: lacking.word });
      return range && { ...range, understood: { parts: [], unmatched: [], lacking: { words: query.text.trim(), brand: lacking.brand } } };
    }
    // A kind of product the shop does not sell empties the page, whatever a word of it is spelt like (docs/product.md#search).
    const kinds = kindsNamed(understood.words);
    if (kinds.length && (await this.kinds.firstUnsold(kinds)) !== null) return this.unsold(none, understood.words);
    const price = parts.find((p) => p.kind === 'price');
    const order = parts.find((p) => p.kind === 'sort');
    const occasion = parts.find((p) => p.kind === 'occasion');
    const occasions = occasion ? await this.occasions.list() : undefined;
    // An occasion's price band (a return gift) when the query names no price of its own.
    const band = price ? undefined : occasions?.find((o) => o.name === occasion!.occasion)?.maxPrice;
    const page: SearchPage & { page: number } = {
      ...query,
      offset: (query.page - 1) * query.limit,
      minPrice: maxOf(query.minPrice, price?.min),
      maxPrice: minOf(query.maxPrice, price?.max ?? band),
      // A listing's own order wins over the one the query's words ask for.
      sort: query.sort ?? order?.sort,
      narrowing: narrowingValues(parts, understood.words, await this.leftOut(parts), occasions),
    };
    const answer = await this.answered(query, understood, page, said);
    if (answer === null) return kinds.some(isBook) && said.unmatched.length ? this.unsold(none, understood.words) : none;
    if (answer.total === 0 && price && query.page === 1) {
      // Nothing within the price: say so when the rest of the query finds something (the shopper can remove the limit).
      const unlimited = await this.answered(query, understood, { ...page, minPrice: query.minPrice, maxPrice: query.maxPrice }, { parts, unmatched: [] });
      if (unlimited && unlimited.total > 0) said.emptied = { by: 'price' };
    }
    if (kinds.some(isBook) && (await this.lacksTitle(understood.words, said.unmatched))) return this.unsold(none, understood.words);
    // "bank" matches the Banking books only through the stemmer: it names nothing the shop sells.
    if (
      parts.length === 0 &&
      understood.words.length === 1 &&
      onlyInsideLongerWords(
        understood.words[0]!,
        answer.rows.map((row) => row.name),
      )
    )
      return this.unsold(none, understood.words);
    return { ...answer, understood: said };
  }

  /** The name of the best match of these words, by the index (null when it has none or cannot say yet). */
  private readonly bestName = async (words: string[]): Promise<string | null> => {
    const best = await this.index.search(words.join(' '), await this.tokensOf(words), 1, 0);
    const [row] = best?.ids.length ? await this.rows.byIds(best.ids) : [];
    return row?.name ?? null;
  };

  /**
   * A book the shop lacks, asked for by name ("harry potter book", "wings of fire book"): some of its words match
   * nothing, and what is left is the word book alone or words no book holds together. The rest of the books are not it.
   */
  private async lacksTitle(words: string[], unmatched: string[]): Promise<boolean> {
    const left = words.filter((w) => !unmatched.includes(w));
    if (left.length === words.length) return false;
    if (left.every((w) => isBook(w))) return true;
    return (await this.index.holdTogether(await this.tokensOf(left))) === false;
  }

  /** What the query leaves out, each part's words as the words searched are (synonyms, Devanagari in Latin letters: "बिना मसाला" is masala); null for nothing. */
  private async leftOut(parts: UnderstoodQuery['parts']): Promise<string[] | null> {
    const excluded = parts.filter((p) => p.kind === 'exclude');
    return excluded.length ? Promise.all(excluded.map(async (p) => (await this.tokensOf(p.words)).join(' '))) : null;
  }

  /** The empty answer for a kind (or a named book) the shop does not sell, with the words that named it. */
  private unsold(none: SearchResult & { understood: SearchUnderstood }, words: string[]): SearchResult {
    return { ...none, understood: { ...none.understood, emptied: { by: 'unsold', words: words.join(' ') } } };
  }

  /** The page for the query's words and parts (see `search`); null when its words match nothing sold. */
  private async answered(query: SearchQuery, understood: UnderstoodQuery, page: SearchPage, said: SearchUnderstood) {
    const { parts } = understood;
    // While the index catches up with a catalogue write it cannot say which words match nothing, and PostgreSQL would
    // answer with what the other words match: a code is then asked of PostgreSQL, so that both answer alike.
    if (!this.index.current && (parts.length > 0 || understood.words.length >= 2)) {
      const code = await this.unheldCode(understood.words);
      if (code !== null) return (said.unmatched.push(code), null);
    }
    const checked: Checked = new Map();
    const plain = parts.length === 0 && understood.words.length >= 2 ? await this.answeredIfAllMatch(query, understood.words, page, checked) : null;
    if (plain) return this.exactFirst(query, understood.words, page, plain);
    const words = await this.matchingWords(understood, said.unmatched, checked);
    if (!words) return null;
    page.narrowing = {
      ...narrowingValues(
        parts,
        understood.words.filter((w) => !said.unmatched.includes(w)),
        page.narrowing?.excluded ?? null,
      ),
      occasionShelves: page.narrowing?.occasionShelves ?? null,
    };
    const found = await this.answer(query, words, page);
    return this.exactFirst(
      query,
      understood.words.filter((w) => !said.unmatched.includes(w)),
      page,
      found,
    );
  }

  /**
   * Exact words first (docs/product.md#search): when the shop's synonyms changed what is searched for ("chai" means
   * tea), the products whose names hold every word as typed ("Ginger Chai, 250 g") come before what the synonyms
   * find, on the index's path and PostgreSQL's alike. Not when the page has its own order (a sort, the nearest pack).
   */
  private async exactFirst(query: SearchQuery, words: string[], page: SearchPage, found: { rows: SearchResult['rows']; total: number }) {
    const typed = searchTokens(words.join(' '));
    if (typed.length === 0 || !typed.every(isAscii) || page.sort !== undefined || (page.narrowing && measures(page.narrowing))) return found;
    const meant = await this.tokensOf(words);
    // A synonym that only respells a word ("pen" → pens) finds what the word does.
    if (typed.every((t) => meant.some((m) => m.startsWith(t) || t.startsWith(m)))) return found;
    const want = page.offset + query.limit;
    const wide = { ...page, offset: 0, limit: want };
    const literal = await this.answer({ ...query, page: 1, limit: want }, typed, wide);
    const named = literal.rows.filter((row) => nameHolds(row.name, typed));
    if (named.length === 0) return found;
    const first = new Set(named.map((row) => row.id));
    const rest =
      page.offset === 0 && found.rows.length >= query.limit
        ? found
        : await this.answer({ ...query, page: 1, limit: want + named.length }, meant, { ...wide, limit: want + named.length });
    const merged = [...named, ...rest.rows.filter((row) => !first.has(row.id))];
    // Counted as the synonyms' search counts (which mostly finds the named products too), so both paths count alike.
    return { rows: merged.slice(page.offset, want), total: Math.max(rest.total, merged.length) };
  }

  /**
   * A plain search of several words, answered with its words checked beside it (each word alone, and the words
   * together when there are three or more), in the one message to the index: the answer when every word matches
   * something and the words match together, else null (matchingWords then decides what to search for, from `checked`).
   */
  private async answeredIfAllMatch(query: SearchQuery, words: string[], page: SearchPage, checked: Checked) {
    const tokens = await this.tokensOf(words);
    const each = await Promise.all(words.map((w) => this.tokensOf([w])));
    const checks = words.length >= 3 ? [...each, tokens] : each;
    // Each check gates the page: when one matches nothing the page is not used, so the index does not make it (nor,
    // when the words together match nothing, look for names like the text: the first word is searched instead).
    const { matched, ...answer } = await this.answer(query, tokens, page, checks, checks.length);
    checks.forEach((check, k) => checked.set(check.join(' '), matched[k]!));
    if (!matched.slice(0, words.length).every(Boolean)) return null;
    return words.length < 3 || matched[words.length] ? answer : null;
  }

  /** The words the index looks for: the searchable tokens of `words`, through the shop's synonyms. */
  private async tokensOf(words: string[]): Promise<string[]> {
    const typed = searchTokens(words.join(' '));
    return typed.length ? this.synonyms.rewrite(typed) : [];
  }

  /**
   * The words to search for: what the shopper typed, less the words that match nothing in the catalogue (put in
   * `unmatched`), through the shop's synonyms. When the query has several words, or narrows, each word is checked
   * alone (past its first match, so the near-names fallback does not count); a query whose every word
   * matches nothing finds nothing (null), however it narrows. A long question (three words or more) whose words
   * together match nothing answers with its first word that does ("earbuds with long battery for the gym" → earbuds).
   * An empty list when the query only narrows.
   */
  private async matchingWords(understood: UnderstoodQuery, unmatched: string[], checked: Checked): Promise<string[] | null> {
    const narrowingWords = new Set(
      understood.parts.flatMap((p) => (p.kind === 'colour' ? [p.colour.toLowerCase()] : p.kind === 'material' ? [p.material] : [])),
    );
    const searched = (plain: string[]) => this.tokensOf(understood.words.filter((w) => narrowingWords.has(w) || plain.includes(w)));
    let plain = understood.words.filter((w) => !narrowingWords.has(w));
    if (plain.length > 0 && (understood.parts.length > 0 || plain.length >= 2)) {
      // The words together are checked beside them, for when every word matches.
      const together = plain.length >= 3 ? [await searched(plain)] : [];
      const found = await this.matchEach([...(await Promise.all(plain.map((w) => this.tokensOf([w])))), ...together], checked);
      const missing = plain.filter((_, i) => !found[i]);
      unmatched.push(...missing);
      // A code (letters and digits together, six or more: a SKU, a model number) names one thing: when the shop has
      // none, nothing is found, instead of what the rest of the words match (docs/product.md#search).
      if (missing.some(isCode)) return null;
      plain = plain.filter((_, i) => found[i]);
      if (plain.length === 0) return null;
    }
    // A sort replaces the ranking, which puts first the products whose own names hold the words: when no product holds
    // every word, the sort orders what the ranking's best match holds ("premium earbuds high to low" is earbuds by
    // price, not the Premium Watches shelf's watches because they cost more).
    if (plain.length >= 2 && understood.parts.some((p) => p.kind === 'sort')) plain = await this.heldByBest(plain, await searched(plain));
    const all = await searched(plain);
    if (plain.length < 3 || (await this.matchEach([all], checked))[0]) return all;
    return this.tokensOf([...narrowingWords, plain[0]!]);
  }

  /**
   * `words` when some product holds them all (or the index cannot say yet), else those of them the name of their best
   * match holds (all of them when its name holds none: it matched through its shelf or a synonym).
   */
  private async heldByBest(words: string[], tokens: string[]): Promise<string[]> {
    if ((await this.index.holdTogether(tokens)) !== false) return words;
    const best = await this.bestName(words);
    const held = best === null ? [] : words.filter((w) => nameHolds(best, searchTokens(w)));
    return held.length ? held : words;
  }

  /** The first of `words` that is a code (see isCode) no published product holds, asked of PostgreSQL; null when none. */
  private async unheldCode(words: string[]): Promise<string | null> {
    const codes = words.filter(isCode);
    if (codes.length === 0) return null;
    const tokens = await Promise.all(codes.map((code) => this.tokensOf([code])));
    const held = await heldTokens(this.read, [...new Set(tokens.flat())]);
    const k = tokens.findIndex((list) => list.length > 0 && !list.every((token) => held.has(token)));
    return k < 0 ? null : codes[k]!;
  }

  /**
   * Whether each token list (a word, or words, past the synonyms) matches some product: those this search has not
   * checked yet asked of the index in one message; true where the index cannot say yet, false for no tokens.
   */
  private async matchEach(checks: string[][], checked: Checked): Promise<boolean[]> {
    const asked = checks.filter((check) => !checked.has(check.join(' ')));
    const answers = await this.index.matchEach(asked);
    asked.forEach((check, k) => checked.set(check.join(' '), answers[k]!));
    return checks.map((check) => checked.get(check.join(' '))!);
  }

  /**
   * Of the ranked matches of several words, those holding every word when there are some (they rank first): the
   * index adds the products holding all but one only when the whole ones do not fill the page asked for, and a
   * narrowed search asks for every match, so "red tshirt" would count every red product. Asked for one match, the
   * index counts the whole ones alone.
   */
  private async wholeMatches(text: string, tokens: string[], ranked: string[]): Promise<string[]> {
    if (tokens.length < 2) return ranked;
    const whole = await this.index.search(text, tokens, 1, 0);
    return whole && whole.total > 0 ? ranked.slice(0, whole.total) : ranked;
  }

  /**
   * A page for these words (none: a narrowed listing), ranked by the index, narrowed in PostgreSQL when it must be;
   * with whether each of `checks` matches something (asked in the index's message for the page when it answers one).
   * The first `gates` checks gate the page: when one matches nothing, the answer is empty and only its checks count.
   */
  private async answer(query: SearchQuery, tokens: string[], page: SearchPage, checks: string[][] = [], gates = 0): Promise<Answer> {
    if (tokens.length === 0) {
      // The query's parts alone: the index lists what they keep itself, unless a price, stock filter or listing order asks for PostgreSQL.
      // "new", "latest" alone: every product, newest first, as the index lists them.
      const narrowing = onlyUnderstood(page) || newestAlone(page) ? indexNarrowing(page.narrowing ?? NO_NARROWING) : null;
      const found =
        narrowing &&
        (await this.index.narrowedSearch({ text: '', tokens: [], limit: query.limit, offset: page.offset }, narrowing, null, checks, page.narrowing!.excluded));
      if (found) return { rows: await this.rows.byIds(found.ids), total: found.total, matched: found.matched };
      return { ...(await narrowedListing(this.read, page)), matched: await this.index.matchEach(checks) };
    }
    const typed = searchTokens(query.text);
    const text = tokens.join(' ') === typed.join(' ') ? query.text.trim() : tokens.join(' ');
    const narrowed =
      page.minPrice !== undefined || page.maxPrice !== undefined || !!page.inStock || page.sort !== undefined || (!!page.narrowing && narrows(page.narrowing));
    let matched: boolean[] | undefined;
    if (!narrowed) {
      const indexed = await this.index.checkedSearch(text, tokens, query.limit, page.offset, checks, gates);
      if (indexed) return { rows: await this.rows.byIds(indexed.ids), total: indexed.total, matched: indexed.matched };
    } else if (onlyUnderstood(page)) {
      // The query's parts alone: the index applies them to its ranking itself, however many match (index/narrowing-facts.ts).
      const narrowing = indexNarrowing(page.narrowing!);
      const found =
        narrowing &&
        (await this.index.narrowedSearch(
          { text, tokens, limit: query.limit, offset: page.offset },
          narrowing,
          page.narrowing!.kindWords,
          checks,
          page.narrowing!.excluded,
        ));
      if (found) return { rows: await this.rows.byIds(found.ids), total: found.total, matched: found.matched };
    }
    if (narrowed) {
      // The filters and the query's parts keep or drop the index's matches, and a listing's own order replaces the ranking.
      const ranked = await this.index.checkedSearch(text, tokens, FILTERED_CANDIDATES, 0, checks, gates);
      if (ranked?.skipped) return { rows: [], total: 0, matched: ranked.matched };
      matched = ranked?.matched;
      if (ranked && ranked.total <= ranked.ids.length) {
        // A listing's own filters keep the ranking's matches as the PostgreSQL path counts them; the query's parts, its whole matches.
        const kept = page.narrowing && narrows(page.narrowing) ? await this.wholeMatches(text, tokens, ranked.ids) : ranked.ids;
        return { ...(await filterRanked(this.read, kept, page)), matched: ranked.matched };
      }
    }
    return { ...(await rankedSearch(this.read, text, tokens, page)), matched: matched ?? (await this.index.matchEach(checks)) };
  }

  /**
   * Called after a write to products (by the catalogue, reviews, orders, the inventory), once it is
   * committed. Every instance then drops the cached answers that show these products and nothing
   * else. Stock and rating are not held by the index (the rows of a result are read by id, and the
   * row cache drops these products' rows on this same announcement), so the index needs nothing for
   * them. Text and publishing changes also bump the catalogue version (the writer does): until the
   * index has caught up with it, searches answer from PostgreSQL, so no search is stale; this starts
   * the catch-up at once.
   */
  async productsChanged(ids: string[], what: ProductChange): Promise<void> {
    if (ids.length === 0) return;
    if (what === 'content') this.index.stale();
    await this.catalog.productsChanged(ids, what);
  }

  learnWords(db: Db, productIds: string[]): Promise<void> {
    return learnWords(db, productIds);
  }

  correctedSearch(text: string, found: ReadonlyArray<{ readonly name: string }>): string | null {
    return correctedSearch(text, found);
  }

  /** Builds (or catches up) the index now: at start, and in tests. */
  ready(): Promise<void> {
    return this.index.ready();
  }

  get indexCurrent(): boolean {
    return this.index.current;
  }
}

/** Whether a page is narrowed by the query's understood parts alone (no price limit, stock filter or listing order). */
function onlyUnderstood(page: SearchPage): boolean {
  return page.minPrice === undefined && page.maxPrice === undefined && !page.inStock && page.sort === undefined && !!page.narrowing && narrows(page.narrowing);
}

/** Whether a page is every product newest first, narrowed by the query's parts alone: the index's own listing order. */
function newestAlone(page: SearchPage): boolean {
  return page.sort === 'newest' && page.minPrice === undefined && page.maxPrice === undefined && !page.inStock;
}

/** A kind that is a book: a title the shop lacks is asked for by name beside it. */
const isBook = (kind: string) => kind === 'book' || kind === 'books' || kind === 'novel';

/** A word that reads as a code rather than a word: six or more letters and digits, with both in it ("mwz5ru1t", "sm-a546e"). */
function isCode(word: string): boolean {
  return word.length >= 6 && /\d/.test(word) && /\p{L}/u.test(word);
}
