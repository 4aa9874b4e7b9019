/** One cart line per product and variant: the key the cart (server and device) is unique on. */
export function cartLineKey(productId: string, variantId?: string | null): string {
  return variantId ? `${productId}:${variantId}` : productId;
}
