import { CATALOG } from './catalog-data.js';
import { demoTaxCode } from './tax-codes.js';
import { demoProducts, type PlanSlot, type SeedRow } from './demo-products.js';
import { picturesPerSlot, slotPictures } from './demo-seed.js';
import { PICTURE_COLOURS, productPicture, type PictureSpec } from './product-picture.js';

/** The seed's plan without ids or drawings: each picture's views get placeholder URLs, `drawings` what they draw. */
function planFor(size: number): { plan: PlanSlot[]; urls: string[]; drawings: PictureSpec[] } {
  const plan: PlanSlot[] = [];
  const urls: string[] = [];
  const drawings: PictureSpec[] = [];
  const perSlot = picturesPerSlot(size);
  const drawn = new Set<string>();
  for (const spec of CATALOG) {
    for (const sub of spec.subs) {
      const pictures = slotPictures(
        sub,
        plan.length,
        perSlot,
        (drawing) => {
          drawings.push(drawing);
          return urls.push(`/img/${urls.length}.webp`) - 1;
        },
        drawn,
      );
      plan.push({ categoryId: spec.name, spec, subId: sub.name, sub, pictures });
    }
  }
  return { plan, urls, drawings };
}

function rows(size: number): SeedRow[] {
  const { plan, urls } = planFor(size);
  return [...demoProducts(plan, urls, size, 0)];
}

const subOf = (p: SeedRow) => CATALOG.find((c) => c.name === p.category_ids[0])!.subs.find((s) => s.name === p.sub_category_ids[0])!;
const sellingPrice = (p: SeedRow) => Math.round(p.price * (1 - p.discount / 100));

/** Words that cannot both describe one product. */
const CONTRADICTIONS: Array<[RegExp, RegExp]> = [
  [/\banalog\b/i, /smart|calling|fitness|digital/i],
  [/\bpaperback\b/i, /\bhardcover\b/i],
  [/\bpro\b/i, /\blite\b/i],
  [/\bfamily pack\b/i, /\b150 g\b/i],
  [/\bwired\b/i, /\bwireless\b/i],
];

describe('demo catalogue names and prices', () => {
  const catalogue = rows(5000);

  it('files every product under an HSN code and GST rate: books at 0 %, garments by price, the rest by subcategory', () => {
    const unfiled = catalogue.filter((r) => !/^\d{4}(\d{2})?$/.test(r.hsn) || ![0, 5, 12, 18].includes(r.gst_rate));
    expect(unfiled.map((r) => r.name)).toEqual([]);
    expect(demoTaxCode('Books', 'Fiction', 399, 0)).toEqual({ hsn: '4901', rate: 0 });
    expect(demoTaxCode('Earbuds', 'True Wireless Earbuds', 1999, 10)).toEqual({ hsn: '851830', rate: 18 });
    expect(demoTaxCode('T-shirts', 'Round Neck T-shirts', 999, 0)).toEqual({ hsn: '6109', rate: 5 });
    expect(demoTaxCode('T-shirts', 'Round Neck T-shirts', 1299, 10)).toEqual({ hsn: '6109', rate: 12 });
    expect(demoTaxCode('Clothing', 'Kids Corner', 599, 0)).toEqual({ hsn: '6111', rate: 5 });
    expect(demoTaxCode('Toys', 'Kids Corner', 599, 0)).toEqual({ hsn: '9503', rate: 12 });
  });

  it('names no product with a trailing serial number', () => {
    const serial = catalogue.filter((p) => /\b\d{2,}\b(?!\s*(g|kg|ml|l)\b)/i.test(p.name.replace(/, .*$/, '')));
    expect(serial.map((p) => p.name)).toEqual([]);
  });

  it('gives 5,000 products 5,000 different names', () => {
    expect(new Set(catalogue.map((p) => p.name)).size).toBe(5000);
  });

  it('never pairs words that contradict each other', () => {
    const bad = catalogue.filter((p) => CONTRADICTIONS.some(([a, b]) => a.test(p.name) && b.test(p.name)));
    expect(bad.map((p) => p.name)).toEqual([]);
  });

  it('never repeats a word within a name', () => {
    const repeated = catalogue.filter((p) => {
      const words = p.name
        .toLowerCase()
        .split(/[\s,]+/)
        .filter((w) => w.length > 2);
      return new Set(words).size !== words.length;
    });
    expect(repeated.map((p) => p.name)).toEqual([]);
  });

  it('sells every product, after its discount, within its product’s price range for its pack', () => {
    const out = catalogue.filter((p) => {
      const sub = subOf(p);
      const noun = sub.nouns.find((n) => p.name.includes(` ${n}`))!;
      const factor = sub.sizes?.find(([label]) => label && p.name.endsWith(`, ${label}`))?.[1] ?? 1;
      const [lo, hi] = sub.prices?.[noun] ?? sub.price;
      return p.product_type === 'fixed' && (sellingPrice(p) < lo * factor || p.price > hi * factor);
    });
    expect(out.map((p) => `${p.name} ₹${p.price} -${p.discount}%`)).toEqual([]);
  });

  it('prices premium brands and packs as a shopper expects', () => {
    const sony = catalogue.filter((p) => p.name.startsWith('Sony ') && p.category_ids[0] === 'Earbuds');
    expect(sony.length).toBeGreaterThan(0);
    expect(sony.filter((p) => sellingPrice(p) < 1500).map((p) => `${p.name} ₹${sellingPrice(p)}`)).toEqual([]);
    const fossil = catalogue.filter((p) => p.name.startsWith('Fossil '));
    expect(fossil.filter((p) => sellingPrice(p) < 5000).map((p) => `${p.name} ₹${sellingPrice(p)}`)).toEqual([]);
    const snacks = catalogue.filter((p) => p.category_ids[0] === 'Snacks' && p.product_type === 'fixed');
    const outside = snacks.filter((p) => (/Dry Fruits/.test(p.sub_category_ids[0]!) ? p.price > 2000 : sellingPrice(p) < 20 || p.price > 600));
    expect(outside.map((p) => `${p.name} ₹${p.price}`)).toEqual([]);
    // A kilo of a snack costs more on average than its smallest pack.
    const mean = (list: SeedRow[]) => list.reduce((sum, p) => sum + p.price, 0) / list.length;
    expect(mean(snacks.filter((p) => p.name.endsWith(', 1 kg')))).toBeGreaterThan(3 * mean(snacks.filter((p) => p.name.endsWith(', 150 g'))));
  });

  it('draws every product line in every colour once, and no two lines alike', () => {
    const { drawings } = planFor(5000);
    const catalogue5k = rows(5000);
    // Every (category, brand and product, colour) a product shows has one drawing, and it shares it with nobody else.
    const byLine = new Map<string, string>();
    const lineOfImage = new Map<string, string>();
    for (const p of catalogue5k) {
      const index = Number(/\/img\/(\d+)\.webp/.exec(p.image[0]!)![1]);
      const d = drawings[index]!;
      expect(p.name.startsWith(`${d.brand} `) && p.name.includes(` ${d.title}`)).toBe(true);
      const line = `${p.category_ids[0]}|${d.brand}|${d.title}|${d.colour.name}`;
      expect(byLine.get(line) ?? p.image[0]).toBe(p.image[0]);
      byLine.set(line, p.image[0]!);
      expect(lineOfImage.get(p.image[0]!) ?? line).toBe(line);
      lineOfImage.set(p.image[0]!, line);
    }
    // No two pictures of the shop look the same (the seed's own test compares the rendered bytes).
    const fronts = drawings.filter((d) => d.view === 0).map((d) => productPicture(d));
    expect(new Set(fronts).size).toBe(fronts.length);
    // Products that are different objects are drawn as different objects, in the same colour by the same
    // brand: a pressure cooker is not drawn as a frying pan (near-synonyms such as 'Crew Neck T-shirt' and
    // 'Basic Tee' may share one).
    const OBJECTS = [
      ['Pressure Cooker', 'Kadai', 'Tawa', 'Frying Pan'],
      ['Water Bottle', 'Lunch Box', 'Container Set', 'Flask'],
      ['Kurta', 'Saree', 'Nehru Jacket', 'Lehenga'],
      ['Shirt', 'Chinos', 'Jeans', 'Jacket'],
      ['Kurti', 'Dress', 'Top', 'Palazzo'],
      ['Bluetooth Earbuds', 'Bluetooth Headphones'],
      ['Face Wash', 'Moisturiser', 'Body Lotion'],
      ['Ball Pens', 'Pencils'],
      ['Soft Toy', 'Building Blocks', 'Stacking Rings', 'Pull-along Car'],
      ['Cookies', 'Rusk'],
    ];
    const alike: string[] = [];
    for (const group of OBJECTS) {
      const seen = new Map<string, string>();
      for (const noun of group) {
        const sub = CATALOG.flatMap((c) => c.subs).find((s) => s.nouns.includes(noun));
        expect(sub).toBeDefined();
        const svg = productPicture({ kind: sub!.byNoun?.[noun] ?? sub!.picture, colour: PICTURE_COLOURS[0]!, brand: 'Brand', title: '', view: 0 });
        if (seen.has(svg)) alike.push(`${seen.get(svg)} = ${noun}`);
        seen.set(svg, noun);
      }
    }
    expect(alike).toEqual([]);
  });

  it('gives a million products a million different names, one at a time', () => {
    const { plan, urls } = planFor(1_000_000);
    const seen = new Set<string>();
    for (const p of demoProducts(plan, urls, 1_000_000, 0)) seen.add(p.name);
    expect(seen.size).toBe(1_000_000);
  }, 120_000);
});
