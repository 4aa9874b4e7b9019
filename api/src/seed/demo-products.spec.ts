import { CATALOG } from './catalog-data.js';
import { demoTaxCode } from './tax-codes.js';
import { indiaDay, isRateInForce } from '@haat/shared/gst/gst-rates';
import { demoProducts, priceBand, type PlanSlot, type SeedRow } from './demo-products.js';
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

/** cyrb53: a 53-bit hash of a string, exact in a double. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
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

  it('files every product under an HSN code and a GST rate in force today: books at 0 %, garments by price, the rest by subcategory', () => {
    const unfiled = catalogue.filter((r) => !/^\d{4}(\d{2})?$/.test(r.hsn) || !isRateInForce(r.gst_rate, indiaDay(new Date())));
    expect(unfiled.map((r) => r.name)).toEqual([]);
    expect(demoTaxCode('Books', 'Fiction', 399, 0)).toEqual({ hsn: '4901', rate: 0 });
    expect(demoTaxCode('Earbuds', 'True Wireless Earbuds', 1999, 10)).toEqual({ hsn: '851830', rate: 18 });
    expect(demoTaxCode('T-shirts', 'Round Neck T-shirts', 999, 0)).toEqual({ hsn: '6109', rate: 5 });
    // Garments at 5 % up to ₹2,500 a piece (after the discount), 18 % above; toys at 5 %; notebooks exempted.
    expect(demoTaxCode('T-shirts', 'Round Neck T-shirts', 1299, 10)).toEqual({ hsn: '6109', rate: 5 });
    expect(demoTaxCode('Clothing', 'Ethnic Wear', 2600, 0)).toEqual({ hsn: '6204', rate: 18 });
    expect(demoTaxCode('Clothing', 'Ethnic Wear', 2700, 10)).toEqual({ hsn: '6204', rate: 5 });
    expect(demoTaxCode('Clothing', 'Kids Corner', 599, 0)).toEqual({ hsn: '6111', rate: 5 });
    expect(demoTaxCode('Toys', 'Kids Corner', 599, 0)).toEqual({ hsn: '9503', rate: 5 });
    expect(demoTaxCode('Stationery', 'Notebooks', 120, 0)).toEqual({ hsn: '4820', rate: 0 });
    expect(catalogue.filter((r) => r.gst_rate === 12)).toEqual([]);
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
      const factor = (sub.sizesByNoun?.[noun] ?? sub.sizes)?.find(([label]) => label && p.name.endsWith(`, ${label}`))?.[1] ?? 1;
      const [lo, hi] = sub.prices?.[noun] ?? sub.price;
      return p.product_type === 'fixed' && (sellingPrice(p) < lo * factor || p.price > hi * factor);
    });
    expect(out.map((p) => `${p.name} ₹${p.price} -${p.discount}%`)).toEqual([]);
  });

  it('takes 50 % or more off some products, and shows some in a gallery of two views and some of four', () => {
    // The seed's own test (test/seed-persistence.e2e-spec.ts) draws a catalogue too small to hold both.
    expect(catalogue.filter((p) => p.discount >= 50).length).toBeGreaterThan(0);
    expect(new Set(catalogue.map((p) => p.image.length))).toEqual(new Set([1, 2, 4]));
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
    // Every (category, brand and product, colour) a product shows has one drawing, and it shares it with nobody else.
    const byLine = new Map<string, string>();
    const lineOfImage = new Map<string, string>();
    for (const p of catalogue) {
      const index = Number(/\/img\/(\d+)\.webp/.exec(p.image[0]!)![1]);
      const d = drawings[index]!;
      // A book's cover carries its title and its publisher; every other picture the product's brand and kind.
      const named = subOf(p).authors
        ? p.name.startsWith(`${d.title} by `) && p.more_details.Publisher === d.brand
        : p.name.startsWith(`${d.brand} `) && p.name.includes(` ${d.title}`);
      expect({ name: p.name, drawn: `${d.brand} ${d.title}`, named }).toEqual({ name: p.name, drawn: `${d.brand} ${d.title}`, named: true });
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
      ['Kids Shorts Set', 'Kids Frock', 'Kids Kurta Set', 'Round Neck T-shirt'],
      ['Notebook', 'Spiral Diary'],
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

  it('sells books by title and author, in a format and a language, with the publisher and language in their details', () => {
    const books = catalogue.filter((p) => p.category_ids[0] === 'Books');
    expect(books.length).toBeGreaterThan(400);
    const wrong = books.filter((p) => {
      const sub = subOf(p);
      const title = sub.nouns.find((n) => p.name.startsWith(`${n} by `));
      if (!title) return true;
      const author = sub.authors![title]!;
      const [, format, edition] = /^.+ by [^,]+, ([^,]+)(?:, (.+))?$/.exec(p.name) ?? [];
      const language = edition ? edition.split(' ')[0] : 'English';
      return (
        !p.name.startsWith(`${title} by ${author}, `) ||
        !sub.adjectives.includes(format!) ||
        p.more_details.Author !== author ||
        !sub.brands.includes(p.more_details.Publisher!) ||
        p.more_details.Language !== language ||
        !p.description.includes(`published by ${p.more_details.Publisher}`)
      );
    });
    expect(wrong.map((p) => `${p.name} ${JSON.stringify(p.more_details)}`)).toEqual([]);
    // Each title has one author and one publisher, whatever its format or language.
    const publisherOf = new Map<string, string>();
    for (const p of books) {
      const title = p.name.replace(/ by .*$/, '');
      expect(publisherOf.get(title) ?? p.more_details.Publisher).toBe(p.more_details.Publisher);
      publisherOf.set(title, p.more_details.Publisher!);
    }
    expect(books.filter((p) => /\b(Novel|Thriller|Biography|Cookbook|Guide)\b, /.test(p.name) || /^(Rupa|Penguin|Arihant) /.test(p.name))).toEqual([]);
  });

  it('sells namkeen only under brands that make it', () => {
    const namkeen = catalogue.filter((p) => p.sub_category_ids[0] === 'Chips & Namkeen');
    expect(namkeen.length).toBeGreaterThan(100);
    // Chips-only brands: their Aloo Bhujia or Moong Dal is no product a shopper has seen.
    expect(namkeen.filter((p) => /^(Lay’s|Lay's|Too Yumm|Uncle Chipps|Bingo|Pringles) /.test(p.name)).map((p) => p.name)).toEqual([]);
  });

  it('names toys as what they are, for the age they are made for', () => {
    const toys = catalogue.filter((p) => p.category_ids[0] === 'Toys');
    const MISMATCHES: Array<[RegExp, RegExp]> = [
      [/\bCuddly\b|\bPlush\b|\bGiant\b/, /Blocks|Rings|Car\b|Robot/],
      [/Battery-operated|Remote Control|Talking/, /Die-cast Car/],
      [/Magnetic|Wooden/, /Business Game/],
    ];
    expect(toys.filter((p) => MISMATCHES.some(([a, b]) => a.test(p.name) && b.test(p.name))).map((p) => p.name)).toEqual([]);
    const aged = toys.filter((p) => p.more_details['Age group']);
    // Every toy says the ages it is made for, from and to.
    expect(aged.length).toBe(toys.length);
    const wrongAge = aged.filter((p) => {
      const sub = subOf(p);
      const noun = sub.nouns.find((n) => p.name.endsWith(` ${n}`));
      return !noun || p.more_details['Age group'] !== sub.ages?.[noun];
    });
    expect(wrongAge.map((p) => `${p.name}: ${p.more_details['Age group']}`)).toEqual([]);
    // A subcategory says what it sells.
    expect(CATALOG.flatMap((c) => c.subs.map((s) => s.name))).not.toContain('Action Figures');
  });

  it('prices no product far above the others of its line (brand, line, product and pack)', () => {
    const lineOf = (p: SeedRow) => {
      const sub = subOf(p);
      const brand = sub.brands.find((b) => p.name.startsWith(`${b} `)) ?? p.more_details.Publisher ?? '';
      const rest = p.name.slice(brand.length + 1);
      const line = (sub.lines ?? []).find((l) => l && rest.startsWith(`${l} `)) ?? '';
      const noun = [...sub.nouns].sort((a, b) => b.length - a.length).find((n) => p.name.includes(n));
      const pack = sub.sizes?.find(([label]) => label && p.name.endsWith(`, ${label}`))?.[0] ?? '';
      return `${sub.name}|${brand}|${line}|${noun}|${pack}`;
    };
    const lines = new Map<string, number[]>();
    for (const p of catalogue) lines.set(lineOf(p), [...(lines.get(lineOf(p)) ?? []), sellingPrice(p)]);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const far = catalogue.filter((p) => sellingPrice(p) > 2.5 * median(lines.get(lineOf(p))!));
    expect(far.map((p) => `${p.name} ₹${sellingPrice(p)} (its line: ₹${median(lines.get(lineOf(p))!)})`)).toEqual([]);
    // A brand's Lite never costs more than the most its Pro of the same product can.
    for (const sub of CATALOG.flatMap((c) => c.subs).filter((s) => s.lines?.includes('Lite') && s.lines.includes('Pro')))
      for (const brand of sub.brands)
        for (const noun of sub.nouns) expect(priceBand(sub, brand, noun, 1, 'Lite')[1]).toBeLessThanOrEqual(priceBand(sub, brand, noun, 1, 'Pro')[1]);
  });

  it('gives a million products a million different names, one at a time', () => {
    const MILLION = 1_000_000;
    const { plan, urls } = planFor(MILLION);
    // Each name is kept as a 53-bit hash, not as text: a million strings held to the end cost the garbage
    // collector more than making the rows does. Equal names hash alike, so only names whose hash repeats can
    // be equal; those (almost never any) are compared as text, from a second pass (the names depend on the
    // row's place only).
    const hashes = new Float64Array(MILLION);
    let made = 0;
    for (const p of demoProducts(plan, urls, MILLION, 0)) hashes[made++] = hash53(p.name);
    expect(made).toBe(MILLION);
    const sorted = hashes.slice().sort();
    const repeated = new Set<number>();
    for (let i = 1; i < MILLION; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    const suspects = new Set<string>();
    const twice: string[] = [];
    if (repeated.size > 0)
      for (const p of demoProducts(plan, urls, MILLION, 0))
        if (repeated.has(hash53(p.name))) {
          if (suspects.has(p.name)) twice.push(p.name);
          suspects.add(p.name);
        }
    expect(twice).toEqual([]);
  }, 120_000);
});
