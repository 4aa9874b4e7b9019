/**
 * docs/product.md#screens: in names used inside paths, spaces, commas and ampersands become hyphens, and a route
 * segment's id is the text after its last hyphen (ids never contain hyphens).
 */
export function slugName(name: string): string {
  return name
    .trim()
    .replace(/[\s,&]+/g, '-')
    .replace(/[/?#%]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export function idFromSegment(segment: string | undefined | null): string | null {
  if (!segment) return null;
  const id = segment.slice(segment.lastIndexOf('-') + 1);
  return id.length > 0 ? id : null;
}

export function productPath(product: { _id: string; name: string }): string {
  return `/product/${slugName(product.name)}-${product._id}`;
}

export function listingPath(category: { _id: string; name: string }, subCategory: { _id: string; name: string }): string {
  return `/${slugName(category.name)}-${category._id}/${slugName(subCategory.name)}-${subCategory._id}`;
}
