/**
 * The one owner of money (docs/decisions/0250-money-in-integer-paise.md): every amount the shop adds,
 * splits, rounds or converts goes through here, as a whole number of paise. Rupees (numbers with at most
 * two decimals) exist only at the edges: the API's JSON, the seed's JSON and the database's numeric(12,2)
 * columns, read in with `paise` and written out with `rupees`. Nothing rounds twice: an amount is rounded
 * once, where a share of it is taken, and its parts always add back up to it.
 */
declare const PAISE: unique symbol;
/** A whole number of paise. */
export type Paise = number & { readonly [PAISE]: true };

const ZERO = 0 as Paise;

/** Rupees from the wire or the database (1.1, 299, 99.67) as paise; a float's tail (0.1 + 0.2) is rounded off here, once. */
export function paise(rupees: number): Paise {
  return Math.round(rupees * 100 + (rupees < 0 ? -1e-7 : 1e-7)) as Paise;
}

/** Paise as the rupees the wire and the database carry (two decimals at most). */
export function rupees(amount: Paise): number {
  return amount / 100;
}

/** Whether a rupee figure is a whole number of paise (at most two decimals): what the wire and a spreadsheet may carry as money. */
export function isWholePaise(rupees: number): boolean {
  return Number.isFinite(rupees) && Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

/** A rupee figure read from the wire rounded to the paisa (half away from zero), still in rupees. */
export function roundRupees(amount: number): number {
  return rupees(paise(amount));
}

export function add(...amounts: readonly Paise[]): Paise {
  let sum = 0;
  for (const a of amounts) sum += a;
  return sum as Paise;
}

export function sum(amounts: Iterable<Paise>): Paise {
  let total = 0;
  for (const a of amounts) total += a;
  return total as Paise;
}

/** a − b, never below zero when `floor` is set (a discount never makes a negative total). */
export function subtract(a: Paise, b: Paise, floor = false): Paise {
  const d = a - b;
  return (floor && d < 0 ? 0 : d) as Paise;
}

export function min(a: Paise, b: Paise): Paise {
  return a < b ? a : b;
}

/** A unit's amount times a whole quantity. */
export function times(amount: Paise, quantity: number): Paise {
  if (!Number.isInteger(quantity)) throw new RangeError(`times: quantity ${quantity} is not whole`);
  return (amount * quantity) as Paise;
}

/**
 * `percent` per cent of an amount, rounded to the paisa half up (a coupon's 10 % of ₹123.45 is ₹12.35).
 * The percentage may have two decimals; the product is worked out on integers so nothing drifts.
 */
export function percentOf(amount: Paise, percent: number): Paise {
  const hundredths = Math.round(percent * 100);
  return Math.round((amount * hundredths) / 10_000) as Paise;
}

/**
 * The catalogue's sale price (docs/product.md#rules-and-limits): the price less its discount, the
 * discount rounded UP to a whole rupee, never below zero. The products table's `sale_price` column
 * spells the same rule in SQL for filters and sorts; a test holds the two together.
 */
export function salePrice(price: Paise, discountPercent: number | null | undefined): Paise {
  const pct = Math.min(Math.max(Number(discountPercent) || 0, 0), 100);
  const hundredths = Math.round(pct * 100);
  // ceil(price × pct / 100) in rupees = ceil(paise × hundredths / 1,000,000) × 100 paise.
  const off = Math.ceil((price * hundredths) / 1_000_000) * 100;
  return Math.max(price - off, 0) as Paise;
}

/**
 * An amount split into `n` parts that add up to it exactly: the paise left over go one each to the first
 * parts, so the parts are in descending order (₹299.00 in three: 99.67, 99.67, 99.66).
 */
export function split(total: Paise, n: number): Paise[] {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`split: ${n} parts`);
  const base = Math.floor(total / n);
  const left = total - base * n;
  return Array.from({ length: n }, (_, i) => (base + (i < left ? 1 : 0)) as Paise);
}

/** What the first `units` of `quantity` units paid `total` together are worth: the sum of split()'s first parts. */
export function firstUnits(total: Paise, quantity: number, units: number): Paise {
  if (units >= quantity) return total;
  return sum(split(total, quantity).slice(0, Math.max(units, 0)));
}

/**
 * An amount shared out in proportion to `weights` (a coupon's discount over the lines it applies to): each
 * share rounded down, then the paise left go one each to the largest remainders (ties: the larger weight,
 * then the earlier). The shares add up to `total` exactly; all weights zero gives all shares zero.
 */
export function allocate(total: Paise, weights: readonly Paise[]): Paise[] {
  const whole = sum(weights);
  if (whole === 0 || total === 0) return weights.map(() => ZERO);
  const exact = weights.map((w) => (w * total) / whole);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e), weight: weights[i]! })).sort((a, b) => b.rest - a.rest || b.weight - a.weight || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares as Paise[];
}

/**
 * The GST inside a GST-inclusive amount at `rate` per cent, split as an invoice prints it. Within the
 * shop's state the tax is CGST + SGST at half the rate each: both halves are the same figure (the half
 * of the tax, rounded once), so a document's CGST and SGST columns always agree; to another state it is
 * IGST at the whole rate. The taxable value is what is left, so taxable + tax = the amount to the paisa.
 */
export function gstOf(inclusive: Paise, rate: number, intraState: boolean): { taxable: Paise; cgst: Paise; sgst: Paise; igst: Paise } {
  const hundredths = Math.round(rate * 100);
  if (intraState) {
    const half = Math.round((inclusive * (hundredths / 2)) / (10_000 + hundredths)) as Paise;
    return { taxable: (inclusive - 2 * half) as Paise, cgst: half, sgst: half, igst: ZERO };
  }
  const igst = Math.round((inclusive * hundredths) / (10_000 + hundredths)) as Paise;
  return { taxable: (inclusive - igst) as Paise, cgst: ZERO, sgst: ZERO, igst };
}

/** Whole rupees and the paise left, for an amount written in words. */
export function wholeRupees(amount: Paise): { rupees: number; paise: number } {
  return { rupees: Math.floor(amount / 100), paise: amount % 100 };
}

/** An amount as a decimal with two places ("299.00", "0.50", "-12.30"): how ONDC's messages carry money. */
export function decimalText(amount: Paise): string {
  const sign = amount < 0 ? '-' : '';
  const whole = wholeRupees(Math.abs(amount) as Paise);
  return `${sign}${whole.rupees}.${String(whole.paise).padStart(2, '0')}`;
}
