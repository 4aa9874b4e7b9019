import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { SEARCH_STATEMENT, defineStatement, type NamedStatement } from '../db/database.js';
import { CatalogVersion, heldWithKind, nameLeadingWord } from '../catalog/index.js';
import { SoldKinds } from './sold-kinds.js';

/**
 * The brand a word names, as the shop writes it: the first word of a published product's name that begins with it
 * ("titan" → "Titan", "boat" → "boAt"), or null. A brand leads its products' names; a book's name is its title
 * ("Small Habits Every Day by …": src/seed/catalog-data.ts), so a name with an author names no brand.
 */
const BRAND = defineStatement<{ word: string; pattern: string }>('haat_brand_named', (p) => nameLeadingWord(sql`${p.word}`, sql`${p.pattern}`));

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

/**
 * Honest brands (docs/product.md#search): a query of a brand and a kind ("titan earbuds", "boat speaker") when no
 * product of that brand is of that kind. The brand a word names and whether the shop sells a kind are asked of the
 * catalogue once per word and catalogue version (so a shop's searches ask them once); whether the brand sells the
 * kind, once per such query, which is rare: only a query of a brand's word and a kind's words alone asks it.
 */
@Injectable()
export class ShopBrands {
  private known: { version: number; brands: Map<string, Promise<string | null>> } = { version: -1, brands: new Map() };

  constructor(
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
    private readonly version: CatalogVersion,
    private readonly kinds: SoldKinds,
  ) {}

  /**
   * The brand the query's words name without the kind they name with it, or null: a brand's word first, as shoppers
   * type it ("titan earbuds"), then a kind of one or two words ("pressure cooker small" names no brand).
   */
  async lacking(words: readonly string[]): Promise<BrandLacking | null> {
    if (words.length < 2 || words.length > 3 || !PLAIN_WORD.test(words[0]!)) return null;
    const [word, kind] = [words[0]!, words.slice(1).join(' ')];
    const brand = await this.brandOf(word);
    if (brand === null || !(await this.kinds.sellsWords(kind))) return null;
    const [row] = await this.read<{ sold: boolean }, { brand: string; kind: string }>(BRAND_SELLS_KIND, { brand: word, kind });
    return row!.sold ? null : { brand, word };
  }

  private brandOf(word: string): Promise<string | null> {
    const version = this.version.value;
    if (this.known.version !== version) this.known = { version, brands: new Map() };
    let brand = this.known.brands.get(word);
    if (!brand) {
      brand = this.read<{ brand: string }, { word: string; pattern: string }>(BRAND, { word, pattern: `^${word}\\M` }).then((rows) => rows[0]?.brand ?? null);
      // A failed read is asked again next time rather than kept.
      brand.catch(() => this.known.brands.delete(word));
      this.known.brands.set(word, brand);
    }
    return brand;
  }
}
