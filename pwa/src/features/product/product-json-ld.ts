import type { Product } from '@haat/shared/catalog/catalog.types';
import { discountedPrice } from '@haat/shared/money/pricing';

/** docs/product.md#screens: metadata descriptions are cut at 160 characters (on a word boundary, with an ellipsis). */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface Crumb {
  name: string;
  url: string;
}

/** schema.org Product (price in INR, after discount) and BreadcrumbList for the product page. */
export function productJsonLd(product: Product, url: string, origin: string, crumbs: Crumb[]): object[] {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product._id,
    description: metaDescription(product.description),
    image: product.image.map((src) => new URL(src, origin).href),
    category: product.category[0]?.name,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: discountedPrice(product.price, product.discount).toFixed(2),
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  if (product.totalReviews > 0) {
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: product.averageRating, reviewCount: product.totalReviews };
  }
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: new URL(c.url, origin).href })),
  };
  return [data, breadcrumbs];
}
