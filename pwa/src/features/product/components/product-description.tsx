import type { Product } from '@haat/shared/catalog/catalog.types';

// docs/product.md#screens: the description comes with static marketing bullets and "Why Shop" blurbs.
const BULLETS = [
  '100% genuine products from authorised sellers',
  'Delivery in under 10 minutes in most areas',
  'Easy 7-day returns, refunds in 5-7 business days',
];
const WHY_SHOP = [
  { title: 'Superfast delivery', text: 'Your order reaches your doorstep from dark stores near you.' },
  { title: 'Best prices and offers', text: 'Best price destination with offers directly from the brands.' },
  { title: 'Wide assortment', text: 'Choose from over 5,000 products across books, gadgets, toys, clothing and more.' },
];
const HIDDEN_DETAILS = new Set(['averageRating', 'totalReviews']);

export function ProductDescription({ product }: { product: Product }) {
  const details = Object.entries(product.more_details).filter(([k]) => !HIDDEN_DETAILS.has(k));
  return (
    <section className="product-section description" aria-labelledby="description-title">
      <h2 id="description-title">Description</h2>
      <p>{product.description}</p>
      {details.length > 0 && (
        <dl className="description__details">
          {details.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      <ul>
        {BULLETS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <h2>Why Shop from Haat?</h2>
      <div className="why-shop">
        {WHY_SHOP.map((w) => (
          <div key={w.title}>
            <h3>{w.title}</h3>
            <p>{w.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
