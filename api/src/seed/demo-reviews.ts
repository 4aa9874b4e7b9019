import type { OrderAddress } from '@haat/shared/orders/order.types';
import { addressText } from '@haat/shared/addresses/address-lines';
import type { Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { addToReviewCountsOfMany } from '../catalog/index.js';
import { users } from '../users/users.table.js';
import { orderLines, orders } from '../orders/orders.table.js';
import { deliveredInThePast, invoicePastDeliveries, newOrderId } from '../orders/index.js';
import type { Seller } from '../invoices/index.js';
import { reviews } from '../reviews/reviews.table.js';
import { seededRandom } from './catalog-data.js';
import type { SeedRow } from './demo-products.js';
import { REVIEW_TEXTS, type ReviewTopic } from './review-texts.js';

/**
 * The demo's reviews (docs/decisions/0053-demo-seed.md): demo shoppers who bought what they review. Every review's
 * author has a delivered cash-on-delivery order holding that product, placed and delivered before the review was
 * written; the product's counts move through the review write path's own aggregate (addToReviewCounts).
 */

/** One product in so many gets reviews (about 22 %), at most MAX_REVIEWED whatever the catalogue's size, so a first start stays fast. */
const REVIEWED_SHARE = 0.22;
const MAX_REVIEWED = 1200;
/** Reviews on a reviewed product: mostly a few, now and then many (as a shop's popular products have). */
const REVIEW_COUNTS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8, 11];
/** One review in so many is written in Hindi, by a shopper whose account speaks Hindi. */
const HINDI_SHARE = 0.12;
const SHOPPER_COUNT = 240;

const FIRST = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Deepa',
  'Divya',
  'Farhan',
  'Gaurav',
  'Harpreet',
  'Ishaan',
  'Kavita',
  'Karthik',
  'Lakshmi',
  'Manoj',
  'Meena',
  'Mohit',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pradeep',
  'Priya',
  'Rahul',
  'Rekha',
  'Rohan',
  'Sandeep',
  'Sanjana',
  'Shreya',
  'Sunil',
  'Swati',
  'Tanvi',
  'Varun',
  'Vikas',
  'Zoya',
];
const LAST = [
  'Agarwal',
  'Bhat',
  'Chatterjee',
  'Das',
  'Fernandes',
  'Gupta',
  'Iyer',
  'Joshi',
  'Kaur',
  'Khan',
  'Kulkarni',
  'Menon',
  'Mishra',
  'Nair',
  'Patel',
  'Reddy',
  'Sharma',
  'Singh',
  'Verma',
  'Yadav',
];
/** Where demo shoppers live: [city, district, state, pincode]; some districts bear their city's name, as India Post lists them. */
const PLACES: Array<[string, string, string, string]> = [
  ['Bengaluru', 'Bengaluru Urban', 'Karnataka', '560076'],
  ['Mysuru', 'Mysuru', 'Karnataka', '570009'],
  ['Chennai', 'Chennai', 'Tamil Nadu', '600040'],
  ['Kochi', 'Ernakulam', 'Kerala', '682020'],
  ['Hyderabad', 'Hyderabad', 'Telangana', '500034'],
  ['Pune', 'Pune', 'Maharashtra', '411038'],
  ['Mumbai', 'Mumbai Suburban', 'Maharashtra', '400053'],
  ['Ahmedabad', 'Ahmedabad', 'Gujarat', '380015'],
  ['Jaipur', 'Jaipur', 'Rajasthan', '302017'],
  ['Lucknow', 'Lucknow', 'Uttar Pradesh', '226010'],
  ['Gurugram', 'Gurugram', 'Haryana', '122002'],
  ['Indore', 'Indore', 'Madhya Pradesh', '452010'],
];
const STREETS = ['MG Road', 'Station Road', '2nd Cross, 5th Main', 'Gandhi Nagar', 'Lake View Colony', 'Nehru Street', 'Civil Lines', 'Shanti Nagar'];

const DAY = 86_400_000;

export interface DemoShopper {
  id: string;
  name: string;
  email: string;
  mobile: string;
  language: 'en-IN' | 'hi-IN';
  address: OrderAddress;
}

/** What the review plan needs of a product (kept from the loaded rows: a million never sit in memory). */
export interface ReviewedProduct {
  id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  topic: ReviewTopic;
}

/** The review topic of a product: what its reviews talk about (an analog watch has no app, a lunch box no induction base). */
function topicOf(category: string, sub: string): ReviewTopic {
  const bySub: Record<string, ReviewTopic> = {
    'Smart Watches': 'smartwatch',
    Cookware: 'cookware',
    Storage: 'storage',
    Notebooks: 'notebook',
    'Pens & Pencils': 'pen',
  };
  const byCategory: Record<string, ReviewTopic> = {
    Books: 'book',
    Earbuds: 'audio',
    Neckbands: 'audio',
    Toys: 'toy',
    'T-shirts': 'clothing',
    Clothing: 'clothing',
    Watches: 'watch',
    Snacks: 'food',
    'Personal Care': 'care',
  };
  return bySub[sub] ?? byCategory[category] ?? 'general';
}

/**
 * Picks the reviewed products as the rows go by: the same ones for the same catalogue (a seeded draw per row), fixed
 * products only (an order line of a product with options would have to name one), at most MAX_REVIEWED.
 */
export function reviewPicker(
  categoryNames: ReadonlyMap<string, string>,
  subNames: ReadonlyMap<string, string>,
): { take: (row: SeedRow) => void; picked: ReviewedProduct[] } {
  const r = seededRandom(20261205);
  const picked: ReviewedProduct[] = [];
  return {
    picked,
    take(row) {
      const chosen = r() < REVIEWED_SHARE;
      if (!chosen || picked.length >= MAX_REVIEWED || row.variants.length > 0 || row.product_type !== 'fixed') return;
      picked.push({
        id: row.id,
        name: row.name,
        image: row.image,
        unit: row.unit,
        price: row.price,
        discount: row.discount,
        topic: topicOf(categoryNames.get(row.category_ids[0]!) ?? '', subNames.get(row.sub_category_ids[0]!) ?? ''),
      });
    },
  };
}

/** A rating: most buyers are pleased, some are not; `mood` shifts a product's ratings up or down a little. */
function rating(r: () => number, mood: number): number {
  const x = r() + mood;
  if (x < 0.07) return 1;
  if (x < 0.13) return 2;
  if (x < 0.27) return 3;
  if (x < 0.58) return 4;
  return 5;
}

const pickOf = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** How many reviews may say exactly the same (short reviews like 'Loved it. Quality feels premium.' do recur in a real shop). */
const SAME_TEXT_AT_MOST = 2;

/**
 * A review's words: an opening for its rating, a sentence about this kind of product, a closing; in its author's
 * language. A text already written SAME_TEXT_AT_MOST times is drawn again (`written` counts them).
 */
function reviewText(r: () => number, stars: number, topic: ReviewTopic, language: 'en-IN' | 'hi-IN', written: Map<string, number>): string {
  let text = '';
  for (let attempt = 0; attempt < 12; attempt++) {
    text = composeReview(r, stars, topic, language, attempt >= 6);
    if ((written.get(text) ?? 0) < SAME_TEXT_AT_MOST) break;
  }
  written.set(text, (written.get(text) ?? 0) + 1);
  return text;
}

function composeReview(r: () => number, stars: number, topic: ReviewTopic, language: 'en-IN' | 'hi-IN', long: boolean): string {
  const texts = REVIEW_TEXTS[language];
  const mood = stars >= 4 ? 'good' : stars === 3 ? 'mixed' : 'bad';
  const detail = [...(texts.details[topic]?.[mood] ?? []), ...texts.details.general[mood]];
  const parts = [pickOf(r, texts.openings[stars]!), pickOf(r, detail)];
  // Some say who it was for; not every review has a closing line: short ones read like what people write.
  if (long || r() < 0.45) parts.push(pickOf(r, texts.asides));
  if (long || r() < 0.6) parts.push(pickOf(r, texts.closings[mood]));
  return parts.join(' ');
}

export interface ReviewPlan {
  shoppers: DemoShopper[];
  orders: Array<typeof orders.$inferInsert>;
  lines: Array<typeof orderLines.$inferInsert>;
  reviews: Array<typeof reviews.$inferInsert>;
}

/** The shoppers, their delivered orders and their reviews, all dated before `now`. The same draws for the same products. */
export function reviewPlan(products: readonly ReviewedProduct[], now: number): ReviewPlan {
  const r = seededRandom(20261206);
  const shoppers: DemoShopper[] = [];
  const names = new Set<string>();
  for (let k = 0; shoppers.length < SHOPPER_COUNT; k++) {
    const first = FIRST[(k * 7) % FIRST.length]!;
    const last = LAST[(k * 3 + Math.floor(k / FIRST.length)) % LAST.length]!;
    const name = `${first} ${last}`;
    if (names.has(name)) continue;
    names.add(name);
    const [city, district, state, pincode] = PLACES[k % PLACES.length]!;
    const id = newId();
    const mobile = `9${String(800000000 + ((k * 7919) % 199999999)).padStart(9, '0')}`;
    const parts = {
      building: `${1 + ((k * 13) % 240)}, ${['Sai', 'Green', 'Lotus', 'Sunrise', 'Shanti'][k % 5]} Residency`,
      street: STREETS[k % STREETS.length]!,
      city,
      district,
      state,
      pincode,
    };
    shoppers.push({
      id,
      name,
      email: `${first}.${last}.${k}@demo.haat.local`.toLowerCase(),
      mobile,
      // A sixth of the shoppers use the shop in Hindi; they write the Hindi reviews.
      language: k % 6 === 5 ? 'hi-IN' : 'en-IN',
      address: {
        _id: newId(),
        name,
        building: parts.building,
        address_line: parts.street,
        street: parts.street,
        city,
        district,
        state,
        country: 'India',
        pincode,
        postalCode: pincode,
        mobile,
        address: addressText({ ...parts, country: 'India' }),
      },
    });
  }
  const hindi = shoppers.filter((s) => s.language === 'hi-IN');
  const english = shoppers.filter((s) => s.language === 'en-IN');

  // Who reviews what: distinct shoppers per product, each with the day they wrote it.
  const written = new Map<string, number>();
  const bought = new Map<DemoShopper, Array<{ product: ReviewedProduct; stars: number; text: string }>>();
  for (const product of products) {
    const count = pickOf(r, REVIEW_COUNTS);
    const mood = (r() - 0.5) * 0.3;
    const authors = new Set<DemoShopper>();
    while (authors.size < count) authors.add(r() < HINDI_SHARE ? pickOf(r, hindi) : pickOf(r, english));
    for (const author of authors) {
      const stars = rating(r, mood);
      const list = bought.get(author) ?? [];
      list.push({ product, stars, text: reviewText(r, stars, product.topic, author.language, written) });
      bought.set(author, list);
    }
  }

  const plan: ReviewPlan = { shoppers, orders: [], lines: [], reviews: [] };
  for (const [shopper, items] of bought) {
    // A shopper's purchases go in orders of one to three products, each placed on its own day in the last eight months,
    // down to six days ago (delivered by yesterday), so a new shop's overview has a last 30 days to show.
    for (let at = 0; at < items.length;) {
      const take = items.slice(at, at + 1 + Math.floor(r() * 3));
      at += take.length;
      const placed = now - (6 + Math.floor(r() * 244)) * DAY - Math.floor(r() * DAY);
      const delivered = placed + (2 + Math.floor(r() * 4)) * DAY;
      const orderId = newOrderId();
      let subTotal = 0;
      let units = 0;
      take.forEach(({ product, stars, text }, position) => {
        const unitPrice = product.price - Math.ceil((product.price * product.discount) / 100);
        const quantity = r() < 0.85 ? 1 : 2;
        subTotal += unitPrice * quantity;
        units += quantity;
        plan.lines.push({
          id: newId(),
          orderId,
          productId: product.id,
          position,
          name: product.name,
          image: product.image,
          unit: product.unit,
          quantity,
          price: product.price,
          discount: product.discount,
          unitPrice,
          subTotalAmt: unitPrice * quantity,
        });
        // Written a few days to a few weeks after it arrived, never in the future.
        const written = new Date(Math.min(now - 3_600_000, delivered + (1 + Math.floor(r() * 20)) * DAY + Math.floor(r() * DAY)));
        plan.reviews.push({ id: newId(), userId: shopper.id, productId: product.id, rating: stars, comment: text, createdAt: written, updatedAt: written });
      });
      plan.orders.push({
        id: orderId,
        userId: shopper.id,
        paymentMethod: 'COD',
        ...deliveredInThePast(new Date(placed), new Date(placed + DAY), new Date(delivered - 4 * 3_600_000), new Date(delivered)),
        subTotalAmt: subTotal,
        totalAmt: subTotal,
        quantity: units,
        deliveryAddress: shopper.address,
        createdAt: new Date(placed),
        updatedAt: new Date(delivered),
      });
    }
  }
  return plan;
}

/** Inserts in batches small enough for any driver's parameter limit. */
async function insertAll<T extends object>(db: Db, rows: T[], write: (batch: T[]) => Promise<unknown>, size = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * Writes the plan in the seed's transaction: shoppers (no password: nobody signs in as them), their delivered orders
 * and lines with their tax invoices (dated when delivered, as a delivery issues them), their reviews; then each reviewed product's counts through the review write path's aggregate (addToReviewCountsOfMany: addToReviewCounts's rule, in one statement).
 */
export async function seedReviews(
  db: Db,
  products: readonly ReviewedProduct[],
  seller: Seller,
  now = Date.now(),
): Promise<{ reviews: number; products: number }> {
  const plan = reviewPlan(products, now);
  await insertAll(db, plan.shoppers, (batch) =>
    db.insert(users).values(
      batch.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        mobile: s.mobile,
        language: s.language,
        verifyEmail: true,
        createdAt: new Date(now - 300 * DAY),
      })),
    ),
  );
  await insertAll(db, plan.orders, (batch) => db.insert(orders).values(batch), 1000);
  await insertAll(db, plan.lines, (batch) => db.insert(orderLines).values(batch), 1000);
  // An admin opening a demo order's invoice finds it, as for any delivered order (docs/decisions/0200-tax-invoices.md).
  await invoicePastDeliveries(
    db,
    seller,
    plan.orders.map((o) => o.id),
  );
  await insertAll(db, plan.reviews, (batch) => db.insert(reviews).values(batch), 2000);
  const totals = new Map<string, { count: number; sum: number }>();
  for (const review of plan.reviews) {
    const t = totals.get(review.productId) ?? { count: 0, sum: 0 };
    t.count += 1;
    t.sum += review.rating;
    totals.set(review.productId, t);
  }
  await addToReviewCountsOfMany(
    db,
    [...totals].map(([productId, t]) => ({ productId, count: t.count, ratingSum: t.sum })),
  );
  return { reviews: plan.reviews.length, products: totals.size };
}
