import { z } from 'zod';

/**
 * A SKU names one sellable unit (a product, or one of its options) inside the shop: 1 to 40 of A–Z, 0–9,
 * `-` and `_`, starting with a letter or digit, unique in the shop whatever the case. It is kept in capitals,
 * so `atta-5kg` and `ATTA-5KG` are one SKU (docs/product.md#catalogue-in-bulk).
 */
export const SKU_MAX = 40;
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
/** What a SKU of another form is told (the admin's screens word it in their language). */
export const SKU_RULE_MESSAGE = `must be 1 to ${SKU_MAX} letters, digits, - or _ (starting with a letter or digit)`;

export const Sku = z
  .string({ error: 'must be text' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(SKU_PATTERN, { error: SKU_RULE_MESSAGE }));

/** How an admin call names a product by its SKU where it takes an id: `sku:ATTA-5KG`. */
export const SKU_REF_PREFIX = 'sku:';

/** A SKU's stem from a name: its Latin letters and digits in capitals, runs of anything else as one `-`, at most `max` long. */
export function skuStem(name: string, max = 24): string {
  const stem = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return stem || 'P';
}

/**
 * A product named in an admin call: its id, or `sku:` and its SKU (any case). Answers the id as sent, or
 * `sku:` and the SKU in capitals, which the API looks up (docs/product.md#catalogue-in-bulk).
 */
export const ProductRef = z
  .string({ error: 'must be a product id or sku:<SKU>' })
  .trim()
  .refine(
    (s) =>
      /^[0-9A-Za-z]{1,64}$/.test(s) ||
      (s.slice(0, SKU_REF_PREFIX.length).toLowerCase() === SKU_REF_PREFIX && SKU_PATTERN.test(s.slice(SKU_REF_PREFIX.length).toUpperCase())),
    {
      error: 'must be a product id or sku:<SKU>',
    },
  )
  .transform((s) => (/^[0-9A-Za-z]{1,64}$/.test(s) ? s : SKU_REF_PREFIX + s.slice(SKU_REF_PREFIX.length).toUpperCase()));
