import { newId } from '../../common/ids.js';
import type { StoredVariant } from '../../products/products.table.js';
import { DEFAULT_UNIT } from '@haat/shared/common/limits';
import { CATALOG, pick, seededRandom } from './catalog-data.js';
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
  image: string[];
  category_ids: string[];
  sub_category_ids: string[];
  unit: string;
  product_type: 'fixed' | 'variable';
  stock: number;
  price: number;
  discount: number;
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

/** Categories whose product names say the colour the picture shows. */
const COLOURED = new Set(['Earbuds', 'Neckbands', 'T-shirts', 'Clothing', 'Watches']);

/**
 * The demo catalogue's `size` products, one at a time (a million never sit in memory at once), from
 * the plan and the rendered pictures' URLs. Always the same sequence of random draws, so every fresh
 * shop of a given size gets the same names, prices and pictures.
 */
export function* demoProducts(plan: PlanSlot[], urls: string[], size: number, now = Date.now()): Generator<SeedRow> {
  const r = seededRandom(20261121);
  for (let n = 0; n < size; n++) {
    const slot = plan[n % plan.length]!;
    const { spec } = slot;
    // Products of a subcategory take its pictures in turn, so neighbours in a listing look different.
    const picture = slot.pictures[Math.floor(n / plan.length) % slot.pictures.length]!;
    const { brand, noun } = picture;
    // The k-th product of a subcategory: its picture, then its adjective, then its line turn over in that
    // order, so every (picture, adjective, line) is named once before any name would repeat. Past that
    // (only catalogues far bigger than the demo's) a short model code keeps names apart, as real listings do.
    const k = Math.floor(n / plan.length);
    const adjectives = slot.sub.adjectives ?? spec.adjectives;
    const perRound = slot.pictures.length * adjectives.length * spec.lines.length;
    const adjective = adjectives[Math.floor(k / slot.pictures.length) % adjectives.length]!;
    const line = spec.lines[Math.floor(k / (slot.pictures.length * adjectives.length)) % spec.lines.length]!;
    const round = Math.floor(k / perRound);
    const model = round > 0 ? ` (Model ${modelCode(round)})` : '';
    const name = `${brand}${line ? ` ${line}` : ''} ${adjective} ${noun}${model}${COLOURED.has(spec.name) ? `, ${picture.colour.name}` : ''}`;
    const [lo, hi] = spec.priceRange;
    const price = Math.round(lo + (hi - lo) * r() ** 2);
    // The discount never takes the selling price under the category's floor (no ₹384 earbuds).
    const maxDiscount = Math.min(70, Math.floor((1 - lo / price) * 100));
    const discount = r() < 0.25 || maxDiscount <= 0 ? 0 : Math.floor(r() * (maxDiscount + 1));
    const stock = r() < 0.08 ? 0 : Math.floor(r() * 120) + 1;
    const image = picture.images.map((i) => urls[i]!);
    const variants: StoredVariant[] = [];
    if (n % 37 === 0 && (spec.name === 'T-shirts' || spec.name === 'Clothing')) {
      for (const size of ['S', 'M', 'L', 'XL']) variants.push({ _id: newId(), name: size, stock: Math.floor(r() * 30) });
    } else if (n % 41 === 0 && spec.name === 'Snacks') {
      variants.push(
        { _id: newId(), name: '150 g', price, stock: 40 },
        { _id: newId(), name: '400 g', price: Math.round(price * 2.4), stock: 25, image: [image[0]!] },
      );
    }
    // Drawn here, after the variants, so the seeded random sequence (and the catalogue) stays as it was.
    const packSize = pick(r, spec.sizes);
    const variable = variants.length > 0 && spec.name === 'Snacks';
    // A variable snack is sold in the sizes its variants name, by the gram; a fixed product by the pack.
    const fullName = packSize && !variable ? `${name}, ${packSize}` : name;
    const at = new Date(now - (size - n) * 60_000).toISOString();
    yield {
      id: newId(),
      name: fullName,
      image,
      category_ids: [slot.categoryId],
      sub_category_ids: [slot.subId],
      unit: variable ? 'gm' : DEFAULT_UNIT,
      product_type: variable ? 'variable' : 'fixed',
      stock,
      price,
      discount,
      description: `${fullName} from ${brand}: ${adjective.toLowerCase()} ${noun.toLowerCase()} in our ${spec.name} range. Genuine product, delivered fast, with easy 7-day returns.`,
      more_details: n % 5 === 0 ? spec.details(r) : {},
      variants,
      created_at: at,
      updated_at: at,
    };
  }
}
