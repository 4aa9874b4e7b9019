/**
 * In Stock or Out of Stock. A product with options is in stock when any option is (the server's
 * `inStock`), though its own default unit may have none; a chosen option shows its own figure.
 */
export function StockLabel({ inStock }: { inStock: boolean }) {
  return inStock ? <span className="stock stock--in">In Stock</span> : <span className="stock stock--out">Out of Stock</span>;
}
