/** What a variant may lay over its product (docs/product.md#records, Variant: optionally price, stock, image). */
export interface VariantFacts {
  _id: string;
  name: string;
  price?: number | null;
  stock?: number | null;
  image?: string[] | null;
}

/** What one unit sells at and how many are left, for a product or one of its variants. */
export interface SellingUnit {
  price: number;
  stock: number;
  image: string[];
}

/**
 * docs/product.md#states: a chosen variant overrides the price, stock and images where it provides them; what it
 * leaves out comes from the product. The product's discount applies to the variant's price too.
 */
export function sellingUnit(product: { price: number; stock: number; image: string[] }, variant?: VariantFacts | null): SellingUnit {
  return {
    price: typeof variant?.price === 'number' ? variant.price : product.price,
    stock: typeof variant?.stock === 'number' ? variant.stock : product.stock,
    image: variant?.image && variant.image.length > 0 ? variant.image : product.image,
  };
}
