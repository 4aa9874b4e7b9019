import { demoTaxCode } from './tax-codes.js';
import { newId } from '../common/ids.js';
import type { StoredVariant } from '../inventory/index.js';
import { DEFAULT_UNIT } from '@haat/shared/common/limits';
import { skuStem } from '@haat/shared/catalog/sku';
import { CATALOG, seededRandom } from './catalog-data.js';
import type { PictureColour } from './product-picture.js';

/** One picture of a subcategory: what it draws, and the indexes of its views among the rendered pictures. */
export interface PictureSlot {
  brand: string;
  noun: string;
  colour: PictureColour;
  images: number[];
}

/** One subcategory of one category, with the pictures its products take in turn. */
export interface PlanSlot {
  categoryId: string;
  spec: (typeof CATALOG)[number];
  subId: string;
  sub: (typeof CATALOG)[number]['subs'][number];
  pictures: PictureSlot[];
}

/** A product row as the products table names its columns (generated columns left to the database). */
export interface SeedRow {
  id: string;
  name: string;
  /** The shelf's stem and the product's place in the catalogue (docs/product.md#catalogue-in-bulk). */
  sku: string;
  image: string[];
  category_ids: string[];
  sub_category_ids: string[];
  unit: string;
  product_type: 'fixed' | 'variable';
  stock: number;
  price: number;
  discount: number;
  hsn: string;
  gst_rate: number;
  description: string;
  more_details: Record<string, string>;
  variants: StoredVariant[];
  created_at: string;
  updated_at: string;
}

/** A short model code for the `round`-th repeat of a name: letters then a number, like 'KX2'. */
function modelCode(round: number): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXZ';
  return `${letters[round % letters.length]}${letters[Math.floor(round / letters.length) % letters.length]}${Math.floor(round / letters.length ** 2) + 1}`;
}

/** A shop's price near `value`: ₹5 steps under ₹100, then ₹…9 and ₹…99 endings, a step in from [lo, hi]'s ends. */
function retailPrice(value: number, lo: number, hi: number): number {
  const step = value < 100 ? 5 : value < 1000 ? 10 : 100;
  const ending = step === 5 ? 0 : 1;
  let price = Math.round(value / step) * step - ending;
  if (price < lo) price += step * Math.ceil((lo - price) / step);
  if (price > hi) price -= step * Math.ceil((price - hi) / step);
  return price >= lo ? price : Math.ceil(lo);
}

/** Where a product line sits in its brand's band (as parts of it on a log scale): a Lite below a Pro. */
const LINE_PART: Record<string, [from: number, to: number]> = {
  Lite: [0, 0.5],
  Junior: [0, 0.5],
  Mini: [0, 0.5],
  Baby: [0, 0.5],
  Little: [0, 0.5],
  Everyday: [0, 0.6],
  Essentials: [0, 0.6],
  Eco: [0, 0.6],
  Neo: [0, 0.6],
  Edge: [0.4, 1],
  Pro: [0.5, 1],
  Max: [0.5, 1],
  Ultra: [0.5, 1],
  Plus: [0.4, 1],
  Elite: [0.5, 1],
  Prestige: [0.5, 1],
  Signature: [0.4, 1],
  Deluxe: [0.4, 1],
  Champion: [0.4, 1],
  Occasion: [0.4, 1],
};

/**
 * The MRP range of one brand's product: the noun's (or subcategory's) range scaled by the pack size, and
 * within it a band that climbs with the brand's place in the cheapest-first list (on a log scale, so Sony
 * earbuds start where budget ones end); a product line takes its part of that band (LINE_PART), so a
 * brand's Lite never costs what its Pro does and no product sells far above the others of its line.
 */
export function priceBand(sub: PlanSlot['sub'], brand: string, noun: string, factor: number, line = ''): [number, number] {
  const [lo, hi] = (sub.prices?.[noun] ?? sub.price).map((v) => v * factor) as [number, number];
  const place = sub.brands.length > 1 ? sub.brands.indexOf(brand) / (sub.brands.length - 1) : 0;
  const ratio = hi / lo;
  const bandLo = lo * ratio ** (0.55 * place);
  const bandHi = Math.min(hi, bandLo * ratio ** 0.45);
  const [from, to] = LINE_PART[line] ?? [0, 1];
  const width = bandHi / bandLo;
  return [bandLo * width ** from, bandLo * width ** to];
}

/** A book's language, from its edition ('Hindi translation', 'Tamil Medium'), English when none. */
const bookLanguage = (pack: string): string => /^(\w+) (translation|Medium)$/.exec(pack)?.[1] ?? 'English';

/**
 * The demo catalogue's `size` products, one at a time (a million never sit in memory at once), from
 * the plan and the rendered pictures' URLs. Always the same sequence of random draws, so every fresh
 * shop of a given size gets the same names, prices and pictures.
 */
export function* demoProducts(plan: PlanSlot[], urls: string[], size: number, now = Date.now()): Generator<SeedRow> {
  const r = seededRandom(20261121);
  for (let n = 0; n < size; n++) {
    const slot = plan[n % plan.length]!;
    const { spec, sub } = slot;
    // Products of a subcategory take its pictures in turn, so neighbours in a listing look different.
    const k = Math.floor(n / plan.length);
    const picture = slot.pictures[k % slot.pictures.length]!;
    const { brand, noun } = picture;
    // The k-th product of a subcategory: its picture (one product line in one colour), then its
    // attribute, line and pack turn over in that order, so every combination is named once before any
    // name would repeat. Past that (only catalogues far bigger than the demo's) a short model code keeps
    // names apart, as real listings do.
    const lines = sub.lines ?? [''];
    const sizes = sub.sizesByNoun?.[noun] ?? sub.sizes ?? [['', 1]];
    // Each is shifted by the picture's place, so neighbours in a listing differ in all of them (for one
    // picture the shift is the same, so its names stay apart).
    const shift = k % slot.pictures.length;
    let rest = Math.floor(k / slot.pictures.length);
    const adjectives = sub.adjectivesByNoun?.[noun] ?? sub.adjectives;
    const adjective = adjectives[(rest + shift) % adjectives.length]!;
    rest = Math.floor(rest / adjectives.length);
    const line = lines[(rest + shift) % lines.length]!;
    rest = Math.floor(rest / lines.length);
    const [pack, factor] = sizes[(rest + shift) % sizes.length]!;
    rest = Math.floor(rest / sizes.length);
    const round = rest;
    const model = round > 0 ? ` ${modelCode(round)}` : '';
    // A book is its title by its author, in a format (its publisher, the brand, is in its details).
    const author = sub.authors?.[noun];
    const name = author
      ? `${noun} by ${author}, ${adjective}${model ? `, Reprint${model}` : ''}`
      : `${brand}${line ? ` ${line}` : ''} ${adjective} ${noun}${model}${spec.coloured ? `, ${picture.colour.name}` : ''}`;
    const [lo, hi] = priceBand(sub, brand, noun, factor, line);
    const price = retailPrice(lo + (hi - lo) * r() ** 1.5, lo, hi);
    // The discount never takes the selling price under the brand's band (no ₹384 Sony earbuds).
    const maxDiscount = Math.min(60, Math.floor((1 - Math.ceil(lo) / price) * 100));
    const discount = r() < 0.3 || maxDiscount <= 4 ? 0 : 5 + Math.floor(r() * (maxDiscount - 4));
    const stock = r() < 0.08 ? 0 : Math.floor(r() * 120) + 1;
    const image = picture.images.map((i) => urls[i]!);
    const variants: StoredVariant[] = [];
    if (n % 37 === 0 && (spec.name === 'T-shirts' || spec.name === 'Clothing')) {
      for (const size of ['S', 'M', 'L', 'XL']) variants.push({ _id: newId(), name: size, stock: Math.floor(r() * 30) });
    } else if (n % 41 === 0 && spec.name === 'Snacks' && sizes.length > 2) {
      // A snack sold in two of its packs, by the gram.
      const [small, smallFactor] = sizes[0]!;
      const [large, largeFactor] = sizes[2]!;
      variants.push(
        { _id: newId(), name: small, price: Math.round((price * smallFactor) / factor), stock: 40 },
        { _id: newId(), name: large, price: Math.round((price * largeFactor) / factor), stock: 25, image: [image[0]!] },
      );
    }
    const variable = variants.length > 0 && spec.name === 'Snacks';
    // A variable snack is sold in the sizes its variants name; a fixed product by the pack its name says.
    const fullName = pack && !variable ? `${name}, ${pack}` : name;
    const at = new Date(now - (size - n) * 60_000).toISOString();
    // Its shelf's stem and its place: unique, and the same every time the demo is made.
    const sku = `${skuStem(sub.name, 12)}-${String(n + 1).padStart(6, '0')}`;
    variants.forEach((v, i) => (v.sku = `${sku}-${i + 1}`));
    yield {
      id: newId(),
      name: fullName,
      sku,
      image,
      category_ids: [slot.categoryId],
      sub_category_ids: [slot.subId],
      unit: variable ? 'gm' : DEFAULT_UNIT,
      product_type: variable ? 'variable' : 'fixed',
      stock,
      price: variable ? variants[0]!.price! : price,
      discount,
      ...taxColumns(demoTaxCode(spec.name, sub.name, variable ? variants[0]!.price! : price, discount)),
      description: author
        ? `${noun}, by ${author}: ${adjective.toLowerCase()}, in ${bookLanguage(pack)}, published by ${brand}. From our ${sub.name} shelf. Genuine product, delivered fast, with easy 7-day returns.`
        : `${fullName} from ${brand}: ${adjective.toLowerCase()} ${noun.toLowerCase()} in our ${spec.name} range, from the ${sub.name} shelf. Genuine product, delivered fast, with easy 7-day returns.`,
      more_details: author
        ? { ...(n % 5 === 0 ? spec.details(r) : {}), Author: author, Publisher: brand, Language: bookLanguage(pack) }
        : {
            // Every fifth product lists its category's details; every toy says the ages it is made for.
            ...(n % 5 === 0 ? spec.details(r) : {}),
            ...(sub.ages?.[noun] ? { 'Age group': sub.ages[noun] } : {}),
          },
      variants,
      created_at: at,
      updated_at: at,
    };
  }
}

const taxColumns = ({ hsn, rate }: { hsn: string; rate: number }) => ({ hsn, gst_rate: rate });
