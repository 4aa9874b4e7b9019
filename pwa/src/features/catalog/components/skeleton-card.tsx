/** Card-sized placeholders with the card's exact box, so swapping in the real cards shifts nothing. */
export function SkeletonCards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <div key={i} className="product-card product-card--skeleton" aria-hidden="true">
      <span className="product-card__media skeleton" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
      <span className="skeleton skeleton--line skeleton--short" />
    </div>
  ));
}
