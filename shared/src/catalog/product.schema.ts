import { z } from 'zod';
import { BoolLike, Count, numeric, Id, IdRef, ImageUrl, Limit, Money, Page, Percent, RequiredText, Text } from '../common/fields.js';
import { LIMITS, PRODUCT_TYPES, SORT_OPTIONS } from '../common/limits.js';
import { indiaDay, isRateInForce, slabsOn } from '../gst/gst-rates.js';

/** The GST slabs (per cent) a product's price can include today (shared/src/gst/gst-rates.ts). */
export const gstRatesToday = (): readonly number[] => slabsOn(indiaDay(new Date())).rates;
import { PlainText } from '../common/text-rule.js';
import { unitProblem } from './product-unit.rule.js';
import { ProductRef, Sku } from './sku.js';

const IdRefs = z.array(IdRef, { error: 'must be a list' }).max(50, { error: 'has too many entries' });

export const Variant = z.object({
  _id: Id.optional(),
  name: RequiredText(100),
  price: Money.optional(),
  stock: Count.optional(),
  /**
   * On an update: the stock the admin's form loaded. When it differs from the stock now (orders sold
   * some meanwhile) and `stock` differs from it, the save is refused with the current figure; when
   * `stock` equals it, the admin did not touch the stock and it is left as it is now.
   */
  expectedStock: Count.optional(),
  image: z.array(ImageUrl).max(10).optional(),
  /** Absent on a new option: the server makes one from the product's SKU (docs/product.md#catalogue-in-bulk). */
  sku: Sku.optional(),
});
export type VariantInput = z.infer<typeof Variant>;

const MoreDetails = z
  .record(
    PlainText().trim().min(1, { error: 'field names must not be empty' }).max(100),
    z.union([PlainText({ multiline: true }).max(2000), z.number(), z.boolean()]),
  )
  .refine((r) => Object.keys(r).length <= 50, { error: 'has too many fields' });

const productFields = {
  name: RequiredText(200),
  /** Unique in the shop with its options' SKUs; absent on a create: the server makes one from the name. */
  sku: Sku,
  image: z.array(ImageUrl, { error: 'must be a list of image URLs' }).max(10, { error: 'has more than 10 images' }),
  category: IdRefs,
  subCategory: IdRefs,
  unit: RequiredText(50),
  productType: z.enum(PRODUCT_TYPES, { error: 'must be fixed or variable' }),
  stock: Count,
  /** On an update: what the form loaded (see Variant.expectedStock). */
  expectedStock: Count.optional(),
  /** Most units of this product one order line may hold (against hoarding). */
  maxPerOrder: numeric(
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(LIMITS.maxPerOrderCeiling, { error: `must be at most ${LIMITS.maxPerOrderCeiling}` }),
  ),
  price: Money,
  discount: Percent,
  /**
   * The goods' HSN code on its tax invoice: 4, 6 or 8 digits (at least 6 where the shop's turnover needs them, checked
   * on the server: SHOP_HSN_DIGITS). Required (Notification 78/2020-Central Tax).
   */
  hsn: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .regex(/^\d{4}(\d{2}){0,2}$/, { error: 'must be an HSN code of 4, 6 or 8 digits' }),
  /** The GST rate in per cent its price includes, one in force today (docs/product.md#tax-invoices). */
  gstRate: numeric(
    z
      .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
      .refine((rate) => isRateInForce(rate, indiaDay(new Date())), {
        error: () => `must be a GST rate in force today (${gstRatesToday().join(', ')})`,
      }),
  ),
  description: Text(5000, { multiline: true }),
  more_details: MoreDetails,
  variants: z
    .array(Variant)
    .max(50, { error: 'has too many variants' })
    .superRefine((list, ctx) => {
      // Orders name a variant by _id and shoppers pick it by name: both must tell variants apart.
      const ids = new Set<string>();
      const names = new Set<string>();
      const skus = new Set<string>();
      list.forEach((v, i) => {
        if (v.sku !== undefined && skus.has(v.sku)) ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: 'is repeated' });
        if (v.sku !== undefined) skus.add(v.sku);
        if (v._id !== undefined && ids.has(v._id)) ctx.addIssue({ code: 'custom', path: [i, '_id'], message: 'is repeated' });
        if (names.has(v.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'is repeated' });
        if (v._id !== undefined) ids.add(v._id);
        names.add(v.name.toLowerCase());
      });
    }),
};

/** docs/product.md#states and #rules-and-limits: the unit must suit the product type (checked when both are known; an update merges first). */
const unitSuitsType = (body: { productType?: (typeof PRODUCT_TYPES)[number]; unit?: string }, ctx: z.RefinementCtx) => {
  if (body.productType === undefined || body.unit === undefined) return;
  const problem = unitProblem(body.productType, body.unit);
  if (problem) ctx.addIssue({ code: 'custom', path: ['unit'], message: problem });
};

export const CreateProductBody = z
  .object({
    ...productFields,
    image: productFields.image.default([]),
    category: productFields.category.default([]),
    subCategory: productFields.subCategory.default([]),
    // Absent: inferred from the unit on the server (typeForUnit), and the pair is not checked.
    productType: productFields.productType.optional(),
    maxPerOrder: productFields.maxPerOrder.default(LIMITS.defaultMaxPerOrder),
    discount: productFields.discount.default(0),
    sku: productFields.sku.optional(),
    more_details: productFields.more_details.default({}),
    variants: productFields.variants.default([]),
  })
  .superRefine(unitSuitsType);
export type CreateProductBody = z.infer<typeof CreateProductBody>;

export const UpdateProductBody = z
  .object({ _id: ProductRef, ...productFields })
  .partial()
  .required({ _id: true })
  .superRefine(unitSuitsType);
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;

/** Server-side listing filters (the listing screen's filters, so pages stay right). */
const listingFilters = {
  search: Text(200).optional(),
  minPrice: Money.optional(),
  maxPrice: Money.optional(),
  inStock: BoolLike.optional(),
  sort: z.enum(SORT_OPTIONS, { error: `must be one of ${SORT_OPTIONS.join(', ')}` }).optional(),
};

export const GetProductsBody = z.object({ page: Page.default(1), limit: Limit(100).default(LIMITS.listingPageSize), ...listingFilters });
export type GetProductsBody = z.infer<typeof GetProductsBody>;

export const ProductsByCategoryBody = z.object({ id: Id });

export const ProductsByCategoryAndSubBody = z.object({
  categoryId: Id,
  subCategoryId: Id,
  page: Page.default(1),
  limit: Limit(100).default(LIMITS.listingPageSize),
  ...listingFilters,
});
export type ProductsByCategoryAndSubBody = z.infer<typeof ProductsByCategoryAndSubBody>;

/** Deletes a product named by its id or `sku:` and its SKU. */
export const DeleteProductBody = z.object({ _id: ProductRef });
export type DeleteProductBody = z.infer<typeof DeleteProductBody>;

export const ProductDetailsBody = z.object({ productId: Id });

export const SearchProductBody = z.object({
  search: Text(200).default(''),
  page: Page.default(1),
  limit: Limit(100).default(LIMITS.searchPageSize),
});
export type SearchProductBody = z.infer<typeof SearchProductBody>;

export const RelatedProductsBody = z.object({
  categoryId: Id.optional(),
  subCategoryId: Id.optional(),
  excludeProductId: Id.optional(),
  limit: Limit(50).default(LIMITS.relatedProducts),
});

export const OtherCategoryProductsBody = z.object({ currentCategoryId: Id.optional(), limit: Limit(50).default(LIMITS.otherCategoryProducts) });
export type ProductsByCategoryBody = z.infer<typeof ProductsByCategoryBody>;
export type ProductDetailsBody = z.infer<typeof ProductDetailsBody>;
export type RelatedProductsBody = z.infer<typeof RelatedProductsBody>;
export type OtherCategoryProductsBody = z.infer<typeof OtherCategoryProductsBody>;
/** What a client may send to create or update a product (numbers may come as text, defaults may be left out). */
export type CreateProductRequest = z.input<typeof CreateProductBody>;
export type UpdateProductRequest = z.input<typeof UpdateProductBody>;
