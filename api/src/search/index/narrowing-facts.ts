import { GrowableFloat64, GrowableUint32 } from './growable.js';
import type { IndexNarrowing } from './index-query.js';

/**
 * What the index keeps of each product to apply a query's understood parts itself (colour, material, pack, age, whose
 * shelves), so a narrowed search costs what a plain one does instead of a statement over every ranked match
 * (docs/architecture.md#search). PostgreSQL works each fact out when the product is read, by the very conditions its
 * narrowing statements use (narrowing.ts NARROWING_FACTS), so both ways keep the same products. Four bytes a product,
 * and a number each for its pack, its age group and when it was created (a listing of the parts alone is newest first,
 * as NARROWED_LISTING orders it): 28 bytes, 28 MB at a million.
 */

/** Where each fact sits in a product's `traits` (one 32-bit number). */
const COLOUR_BITS = 5;
const MATERIAL_SHIFT = COLOUR_BITS;
const MATERIAL_BITS = 11;
const SHELF_SHIFT = MATERIAL_SHIFT + MATERIAL_BITS;
const SHELF_BITS = 3;
const UNIT_SHIFT = SHELF_SHIFT + SHELF_BITS;
/** A pack's unit in `traits` (0: no pack). */
export const PACK_UNITS = { g: 1, ml: 2, pcs: 3 } as const;

const mask = (bits: number) => (1 << bits) - 1;

export class NarrowingFacts {
  private readonly traits = new GrowableUint32(1024);
  /** Per product: its pack's amount in its unit, and the first year of its age group (NaN: none). */
  private readonly packAmount = new GrowableFloat64(1024);
  private readonly ageFrom = new GrowableFloat64(1024);
  /** Per product: created_at in microseconds (NaN: not read). */
  private readonly createdAt = new GrowableFloat64(1024);

  /** The next product's facts, as NARROWING_FACTS writes them, then its creation: `colour|materials|shelves|unit|amount|age from|created`. */
  add(text: string): void {
    const [colour, materials, shelves, unit, amount, age, created] = text.split('|');
    const unitCode = unit ? PACK_UNITS[unit as keyof typeof PACK_UNITS] : 0;
    this.traits.push(
      (Number(colour) & mask(COLOUR_BITS)) |
        ((Number(materials) & mask(MATERIAL_BITS)) << MATERIAL_SHIFT) |
        ((Number(shelves) & mask(SHELF_BITS)) << SHELF_SHIFT) |
        (unitCode << UNIT_SHIFT),
    );
    this.packAmount.push(unitCode ? Number(amount) : NaN);
    this.ageFrom.push(age ? Number(age) : NaN);
    this.createdAt.push(created ? Number(created) : NaN);
  }

  /** When a product was created, in microseconds since 1970. */
  created(doc: number): number {
    return this.createdAt.buf[doc]!;
  }

  /** Room for `products` products' facts in all (growable.ts `ensure`). */
  ensure(products: number): void {
    for (const g of [this.traits, this.packAmount, this.ageFrom, this.createdAt]) g.ensure(products);
  }

  trim(): void {
    for (const g of [this.traits, this.packAmount, this.ageFrom, this.createdAt]) g.trim();
  }

  /** Whether a product passes every part of `n` (its own shelves aside: see onShelves), as narrowing.ts's conditions. */
  keeps(doc: number, n: IndexNarrowing): boolean {
    const traits = this.traits.buf[doc]!;
    if (n.colour && (traits & mask(COLOUR_BITS)) !== n.colour) return false;
    if (n.materials && !((traits >>> MATERIAL_SHIFT) & n.materials)) return false;
    if (n.otherShelves && (traits >>> SHELF_SHIFT) & n.otherShelves) return false;
    if (n.packUnit && (traits >>> UNIT_SHIFT !== n.packUnit || this.packAmount.buf[doc] !== n.packAmount)) return false;
    if (n.age !== null) {
      const past = n.age - this.ageFrom.buf[doc]!;
      if (!(past >= 0 && past <= n.ageSpan)) return false;
    }
    return true;
  }

  /** Whether a product is on one of the shelf groups of `shelves` (bits in the order of narrowing.ts SHELF_GROUPS). */
  onShelves(doc: number, shelves: number): boolean {
    return ((this.traits.buf[doc]! >>> SHELF_SHIFT) & shelves) !== 0;
  }
}
