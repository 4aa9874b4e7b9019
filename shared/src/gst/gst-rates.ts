/**
 * GST rates as the law has set them, with the days they are in force (docs/decisions/0200-tax-invoices.md).
 *
 * A slab is the combined rate an invoice prints (CGST + SGST within a state, or IGST across): the central rate of
 * each schedule of the rate notification, doubled.
 * - From 1 July 2017, Notification 1/2017-Central Tax (Rate): schedules of 2.5, 6, 9 and 14 % central tax (5, 12,
 *   18 and 28 %), with 0.125 % (0.25 %, rough diamonds) and 1.5 % (3 %, gold and silver); goods exempted by
 *   Notification 2/2017-Central Tax (Rate) at nil.
 * - From 22 September 2025, Notification 9/2025-Central Tax (Rate), superseding 1/2017: Schedule I 2.5 % (5 %),
 *   II 9 % (18 %), III 20 % (40 %), IV 1.5 % (3 %), V 0.125 % (0.25 %), VI 0.75 % (1.5 %), VII 14 % (28 %, kept for
 *   tobacco until its compensation cess ends); the 12 % slab is gone. Exempted goods (printed books, exercise books and
 *   notebooks among them) by Notification 10/2025-Central Tax (Rate), superseding 2/2017, at nil.
 */
export interface GstSlabs {
  /** The first day (India's calendar, YYYY-MM-DD) these slabs are in force. */
  from: string;
  /** The notification that set them. */
  notification: string;
  rates: readonly number[];
}

export const GST_SLABS: readonly GstSlabs[] = [
  { from: '2017-07-01', notification: '1/2017-Central Tax (Rate)', rates: [0, 0.25, 3, 5, 12, 18, 28] },
  { from: '2025-09-22', notification: '9/2025-Central Tax (Rate)', rates: [0, 0.25, 1.5, 3, 5, 18, 28, 40] },
];

/** The day Notification 9/2025-Central Tax (Rate) came into force. */
export const RATES_OF_2025_FROM = '2025-09-22';

/** The slabs in force on `day` (YYYY-MM-DD, India's calendar); before GST's first day, its first slabs. */
export function slabsOn(day: string): GstSlabs {
  let found = GST_SLABS[0]!;
  for (const slabs of GST_SLABS) if (slabs.from <= day) found = slabs;
  return found;
}

/** Whether `rate` (per cent) is a GST slab on `day`. */
export const isRateInForce = (rate: number, day: string) => slabsOn(day).rates.includes(rate);

/** The rates in force on `day`, as a sentence's list: "0, 0.25, 1.5, 3, 5, 18, 28 or 40". */
export function ratesInWords(day: string): string {
  const rates = slabsOn(day).rates.map(String);
  return `${rates.slice(0, -1).join(', ')} or ${rates.at(-1)}`;
}

/** A day of India's calendar (YYYY-MM-DD) of a moment. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * A product's rate on `day`: its rate since `since`, and before that day the rate it replaced (`before`), so an
 * invoice uses the rate of its own date (docs/decisions/0200-tax-invoices.md).
 */
export function rateOn(product: { rate: number; before: number | null; since: string | null }, day: string): number {
  return product.since !== null && product.before !== null && day < product.since ? product.before : product.rate;
}

/**
 * Garments and made-up textiles (chapters 61, 62 and heading 6301 to 6309) are taxed by their sale value per piece:
 * from 22 September 2025 at 5 % up to ₹2,500 a piece and 18 % above (Notification 9/2025, Schedule I and II); before,
 * 5 % up to ₹1,000 and 12 % above (Notification 1/2017, as amended).
 */
export const GARMENT_HEADINGS = /^(61|62|630[1-9])/;
export const GARMENT_LIMIT_2025 = 2500;

/**
 * The rate from 22 September 2025 of goods the shop sells that were taxed at 12 % or 28 % before, by the longest
 * matching start of their HSN code (Notification 9/2025-Central Tax (Rate) and, at nil, 10/2025); the migration that
 * moved the shop's products (api/drizzle/0048) carries the same list. Goods not listed here are not guessed: their
 * product is listed for the admin to file.
 */
export const RATES_FROM_2025_BY_HSN: ReadonlyArray<readonly [prefix: string, rate: number]> = [
  ['2106', 5], // namkeens, bhujia and other food preparations n.e.s.: Schedule I
  ['4820', 0], // exercise books, graph books, notebooks: exempted by 10/2025
  ['7323', 5], // table, kitchen and household articles of iron or steel: Schedule I
  ['9503', 5], // toys, dolls, puzzles and scale models: Schedule I
  ['9504', 5], // playing cards, chess, carrom and other board games: Schedule I
  ['8415', 18], // air conditioners, 28 % before: Schedule II
  ['8422', 18], // dish washing machines, 28 % before: Schedule II
  ['8528', 18], // monitors and television sets, 28 % before: Schedule II
  ['24', 28], // tobacco and its products stay at 28 %: Schedule VII
];

/** The rate from 22 September 2025 of goods of `hsn` selling at `price` (₹ a piece), or null when the list does not say. */
export function rateFrom2025(hsn: string, price: number): number | null {
  if (GARMENT_HEADINGS.test(hsn)) return price <= GARMENT_LIMIT_2025 ? 5 : 18;
  let found: readonly [string, number] | undefined;
  for (const entry of RATES_FROM_2025_BY_HSN) if (hsn.startsWith(entry[0]) && entry[0].length > (found?.[0].length ?? 0)) found = entry;
  return found ? found[1] : null;
}

/** How many digits an HSN code needs: 4, or 6 for a shop whose turnover last year was above ₹5 crore (Notification 78/2020-Central Tax). */
export type HsnDigits = 4 | 6;

/**
 * Goods at 0 % that are exempted rather than nil-rated: GSTR-1's table 8 reports them as exempted (`expt_amt`), the
 * rest of 0 % as nil-rated (`nil_amt`). Printed books, newspapers, children's picture books and printed music (4901 to
 * 4904), and exercise books and notebooks (4820), are exempted by Notification 10/2025-Central Tax (Rate), as books
 * were by 2/2017 before it.
 */
export const EXEMPTED_HSN_PREFIXES: readonly string[] = ['4901', '4902', '4903', '4904', '4820'];

/** Whether a 0 % line of `hsn` is an exempted supply (else nil-rated). */
export const isExemptedHsn = (hsn: string) => EXEMPTED_HSN_PREFIXES.some((prefix) => hsn.startsWith(prefix));
