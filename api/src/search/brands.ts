import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { SEARCH_STATEMENT, defineStatement, type NamedStatement } from '../db/database.js';
import { CatalogVersion, SHELF_NAMES, heldWithKind } from '../catalog/index.js';
import { SHELF_NAME_SPLIT } from '@haat/shared/search/query-narrowing';
import { kindOf } from './sold-kinds.js';

const SHELVES = defineStatement<Record<string, never>>('haat_shelf_names', () => SHELF_NAMES);

/** Whether some published product of the brand is of the kind: its own words, or its shelf's name, hold the kind's. */
const BRAND_SELLS_KIND = defineStatement<{ brand: string; kind: string }>('haat_brand_sells_kind', (p) => heldWithKind(sql`${p.brand}`, sql`${p.kind}`));

/** A brand the shop sells, asked for as a kind it does not sell it in ("titan earbuds"). */
export interface BrandLacking {
  /** The brand as the shop writes it ("Titan"). */
  brand: string;
  /** The word typed for it ("titan"), searched for alone to show the brand's range. */
  word: string;
}

const PLAIN_WORD = /^[a-z0-9]+$/;
const SHELF_SPLIT = new RegExp(SHELF_NAME_SPLIT);

/** What is asked of the catalogue once per catalogue version (a write of products or shelves bumps it). */
interface Known {
  version: number;
  /** A word → the brand it names, or null. */
  brands: Map<string, Promise<string | null>>;
  /** The words of the shelves' names. */
  shelfWords: Promise<Set<string>> | null;
  /** `brand|kind` → whether a product of the brand is of the kind. */
  sold: Map<string, Promise<boolean>>;
}

/**
 * Honest brands (docs/product.md#search): a query of a brand's word and a kind's ("titan earbuds", "boat speaker")
 * when no product of that brand is of that kind. A kind is one of the list (shared/src/search/product-kinds.ts) or a
 * word of a shelf's name ("earbuds", "watch", "chips"), known without a statement; the brand a word names (asked of
 * the index) and whether the brand sells the kind (of the catalogue) are asked once per word (and pair) and catalogue
 * version, and only for a query whose other words name a kind, so a shop's searches ask each once.
 */
@Injectable()
export class ShopBrands {
  private known: Known = { version: -1, brands: new Map(), shelfWords: null, sold: new Map() };

  constructor(
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
    private readonly version: CatalogVersion,
  ) {}

  /**
   * The brand the query's words name without the kind they name with it, or null: a brand's word first, as shoppers
   * type it ("titan earbuds"), then a kind of one or two words ("pressure cooker small" names no brand). `brandOf`
   * says which brand a word names, if any (SearchService asks the index); each word is asked once.
   */
  async lacking(words: readonly string[], brandOf: (word: string) => Promise<string | null>): Promise<BrandLacking | null> {
    if (words.length < 2 || words.length > 3 || !PLAIN_WORD.test(words[0]!)) return null;
    const [word, kind] = [words[0]!, words.slice(1).join(' ')];
    if (!(await this.namesKind(kind))) return null;
    const brand = await once(this.current().brands, word, () => brandOf(word));
    if (brand === null) return null;
    const sold = await once(this.current().sold, `${word}|${kind}`, () =>
      this.read<{ sold: boolean }, { brand: string; kind: string }>(BRAND_SELLS_KIND, { brand: word, kind }).then((rows) => rows[0]!.sold),
    );
    return sold ? null : { brand, word };
  }

  /** Whether the words name a kind: one of the list, or one word of a shelf's name (as typed, or its singular or plural). */
  private async namesKind(kind: string): Promise<boolean> {
    if (kindOf(kind) !== null) return true;
    if (!PLAIN_WORD.test(kind)) return false;
    const known = this.current();
    known.shelfWords ??= this.read<{ name: string }, Record<string, never>>(SHELVES, {}).then(
      (rows) => new Set(rows.flatMap((row) => row.name.toLowerCase().split(SHELF_SPLIT).filter(Boolean))),
    );
    const words = await known.shelfWords;
    return words.has(kind) || words.has(`${kind}s`) || words.has(`${kind}es`) || words.has(kind.replace(/e?s$/, ''));
  }

  private current(): Known {
    const version = this.version.value;
    if (this.known.version !== version) this.known = { version, brands: new Map(), shelfWords: null, sold: new Map() };
    return this.known;
  }
}

/** The value of `key` in `map`, asked for once (a failed ask is asked again next time rather than kept). */
function once<V>(map: Map<string, Promise<V>>, key: string, ask: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = ask();
    value.catch(() => map.delete(key));
    map.set(key, value);
  }
  return value;
}
