/** Wire shapes of the catalogue (docs/product.md#records), Mongo-style `_id`s and populated objects. */
export interface CategoryRef {
  _id: string;
  name: string;
}

export interface Category extends CategoryRef {
  image: string;
  createdAt: string;
  updatedAt: string;
}

export interface SubCategory {
  _id: string;
  name: string;
  image: string;
  category: CategoryRef[];
  createdAt: string;
  updatedAt: string;
}

export interface Variant {
  _id: string;
  name: string;
  price?: number;
  stock?: number;
  image?: string[];
  /** The option's SKU (docs/product.md#catalogue-in-bulk). */
  sku?: string;
}

export interface Product {
  _id: string;
  name: string;
  /** Unique in the shop with its options' SKUs (docs/product.md#catalogue-in-bulk). */
  sku: string;
  image: string[];
  category: CategoryRef[];
  subCategory: CategoryRef[];
  unit: string;
  productType: 'fixed' | 'variable';
  /** Units the shopper can still buy (on the shelf, less what open orders hold). */
  stock: number;
  /** Most units one order line may hold. */
  maxPerOrder: number;
  price: number;
  discount: number;
  /** HSN code and GST rate (per cent) for the tax invoice; null until an admin sets them (then the shop's default applies). */
  hsn?: string | null;
  gstRate?: number | null;
  description: string;
  more_details: Record<string, string | number | boolean>;
  variants: Variant[];
  inStock: boolean;
  averageRating: number;
  totalReviews: number;
  publish: boolean;
  createdAt: string;
  updatedAt: string;
}
