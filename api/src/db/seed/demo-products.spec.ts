import { CATALOG } from './catalog-data.js';
import { demoProducts, type PlanSlot, type SeedRow } from './demo-products.js';
import { picturesPerSlot, slotPictures } from './demo-seed.js';

/** The seed's plan without ids or drawings: each picture's views get placeholder URLs. */
function planFor(size: number): { plan: PlanSlot[]; urls: string[] } {
  const plan: PlanSlot[] = [];
  const urls: string[] = [];
  const perSlot = picturesPerSlot(size);
  for (const spec of CATALOG) {
    for (const sub of spec.subs) {
      const pictures = slotPictures(spec, sub, plan.length, perSlot, () => urls.push(`/img/${urls.length}.webp`) - 1);
      plan.push({ categoryId: spec.name, spec, subId: sub.name, sub, pictures });
    }
  }
  return { plan, urls };
}

function rows(size: number): SeedRow[] {
  const { plan, urls } = planFor(size);
  return [...demoProducts(plan, urls, size, 0)];
}

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

  it('sells every product, after its discount, within its category’s price range', () => {
    const out = catalogue.filter((p) => {
      const spec = CATALOG.find((c) => c.name === p.category_ids[0])!;
      const selling = Math.round(p.price * (1 - p.discount / 100));
      return selling < spec.priceRange[0] || p.price > spec.priceRange[1];
    });
    expect(out.map((p) => `${p.name} ₹${p.price} -${p.discount}%`)).toEqual([]);
  });

  it('gives a million products a million different names, one at a time', () => {
    const { plan, urls } = planFor(1_000_000);
    const seen = new Set<string>();
    for (const p of demoProducts(plan, urls, 1_000_000, 0)) seen.add(p.name);
    expect(seen.size).toBe(1_000_000);
  }, 120_000);
});
