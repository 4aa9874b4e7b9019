/** Spec §4: stock above 0 shows In Stock, else Out of Stock. */
export function StockLabel({ stock }: { stock: number }) {
  return stock > 0 ? <span className="stock stock--in">In Stock</span> : <span className="stock stock--out">Out of Stock</span>;
}
