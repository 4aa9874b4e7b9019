import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { PRODUCT_KINDS } from '@haat/shared/search/product-kinds';
import { SEARCH_STATEMENT, defineStatement, type NamedStatement } from '../db/database.js';
import { CatalogVersion, namedAsWholeWords } from '../catalog/index.js';

const KINDS = new Set(PRODUCT_KINDS);
const LONGEST = Math.max(...PRODUCT_KINDS.map((k) => k.split(' ').length));
/** A kind's words as a shopper types them, to a kind of the list: as typed, or a plural's singular ("shoes", "speakers"). */
export const kindOf = (phrase: string): string | null =>
  KINDS.has(phrase)
    ? phrase
    : KINDS.has(phrase.replace(/es$/, ''))
      ? phrase.replace(/es$/, '')
      : KINDS.has(phrase.replace(/s$/, ''))
        ? phrase.replace(/s$/, '')
        : null;

/** The kinds of product (shared/src/search/product-kinds.ts) a query's searched words name, longest first where they overlap. */
export function kindsNamed(words: readonly string[]): string[] {
  const kinds: string[] = [];
  for (let i = 0; i < words.length; i++)
    for (let n = Math.min(LONGEST, words.length - i); n >= 1; n--) {
      const kind = kindOf(words.slice(i, i + n).join(' '));
      if (kind) {
        kinds.push(kind);
        i += n - 1;
        break;
      }
    }
  return kinds;
}

/**
 * Whether some published product names the kind as whole words (a plural too: "rings" for "ring"), in its name or its
 * shelf's: "bank" is not "Banking", "bat" not "Battery-operated". The products whose text holds the kind's stems are
 * found through the search vector's GIN index first (a kind no product's text holds costs no scan), and only those
 * names are matched by PostgreSQL's word-boundary expression.
 */
const SELLS = defineStatement<{ kind: string; pattern: string }>('haat_sells_kind', (p) => namedAsWholeWords(sql`${p.kind}`, sql`${p.pattern}`));

const patternOf = (kind: string) => `\\m${kind.split(' ').join('[[:space:]-]+')}(e?s)?\\M`;

/**
 * Which kinds of product the shop sells (docs/product.md#search), asked of the catalogue once per kind and catalogue
 * version (a write of products or shelves bumps it): only searches that name a kind of the list ask, and each asks once.
 */
@Injectable()
export class SoldKinds {
  private known: { version: number; sold: Map<string, Promise<boolean>> } = { version: -1, sold: new Map() };

  constructor(
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
    private readonly version: CatalogVersion,
  ) {}

  /** The first of `kinds` the shop does not sell, or null. */
  async firstUnsold(kinds: readonly string[]): Promise<string | null> {
    for (const kind of kinds) if (!(await this.sells(kind))) return kind;
    return null;
  }

  private sells(kind: string): Promise<boolean> {
    const version = this.version.value;
    if (this.known.version !== version) this.known = { version, sold: new Map() };
    let sold = this.known.sold.get(kind);
    if (!sold) {
      sold = this.read<{ sold: boolean }, { kind: string; pattern: string }>(SELLS, { kind, pattern: patternOf(kind) }).then((rows) => rows[0]!.sold);
      // A failed read is asked again next time rather than kept.
      sold.catch(() => this.known.sold.delete(kind));
      this.known.sold.set(kind, sold);
    }
    return sold;
  }
}
