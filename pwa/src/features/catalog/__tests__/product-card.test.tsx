import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscountBadge } from '../components/discount-badge';
import { PriceTag } from '../components/price-tag';
import { ProductCard } from '../components/product-card';
import { RatingRing } from '../components/rating-ring';
import { aProduct } from '../../../test-support/a-product';

afterEach(cleanup);

describe('prices (docs/product.md#rules-and-limits)', () => {
  it('shows the price after the rounded-up discount in Indian-English rupees', () => {
    render(<PriceTag price={999} discount={15} />);
    expect(screen.getByText('₹849.00')).toBeTruthy(); // 149.85 rounds up to 150
  });

  it('groups large amounts the Indian way and strikes the original through when asked', () => {
    const { container } = render(<PriceTag price={123456} discount={10} showOriginal />);
    expect(screen.getByText('₹1,11,110.00')).toBeTruthy();
    expect(container.querySelector('s')?.textContent).toBe('₹1,23,456.00');
  });

  it('does not strike anything through without a discount', () => {
    const { container } = render(<PriceTag price={250} discount={0} showOriginal />);
    expect(container.querySelector('s')).toBeNull();
  });
});

describe('discount badge', () => {
  it('is red and pulsing at 50% or more, green below, absent at 0', () => {
    const { container, rerender } = render(<DiscountBadge discount={50} />);
    expect(container.textContent).toBe('50% OFF');
    expect(container.firstElementChild!.className).toContain('discount-badge--big');
    rerender(<DiscountBadge discount={49} />);
    expect(container.firstElementChild!.className).toContain('discount-badge--small');
    rerender(<DiscountBadge discount={0} />);
    expect(container.textContent).toBe('');
  });
});

describe('rating ring', () => {
  it('shows the rating out of 5 with one decimal and the review count', () => {
    const { container } = render(<RatingRing averageRating={4.26} totalReviews={12} />);
    expect(container.querySelector('text')?.textContent).toBe('4.3');
    expect(screen.getByText('12 reviews')).toBeTruthy();
    const dash = container.querySelector('.rating-ring__fill')!.getAttribute('stroke-dasharray')!;
    expect(Number(dash.split(' ')[0]) / Number(dash.split(' ')[1])).toBeCloseTo(4.26 / 5, 3);
  });

  it('says No reviews yet at 0', () => {
    render(<RatingRing averageRating={0} totalReviews={0} />);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
  });
});

describe('product card (docs/product.md#screens)', () => {
  it('links to the product page and shows the first image (small variant), unit, price, badge, stock and rating', () => {
    render(
      <MemoryRouter>
        <ProductCard product={aProduct()} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /boAt Airdopes/ });
    expect(link.getAttribute('href')).toBe('/product/boAt-Airdopes-Black-Blue-01PROD');
    const img = screen.getByRole<HTMLImageElement>('img', { name: 'boAt Airdopes, Black & Blue' });
    expect(img.getAttribute('src')).toBe('/uploads/abc-small.webp');
    expect(img.getAttribute('srcset')).toBe('/uploads/abc-small.webp 400w, /uploads/abc-large.webp 1200w');
    expect(img.getAttribute('width')).toBe('400');
    expect(screen.getByText('1 pair')).toBeTruthy();
    expect(screen.getByText('₹849.00')).toBeTruthy();
    expect(screen.getByText('15% OFF')).toBeTruthy();
    expect(screen.getByText('Only 5 left')).toBeTruthy(); // 5 in stock: few enough to say how many
    expect(screen.getByRole('button', { name: 'Add boAt Airdopes, Black & Blue to wishlist' })).toBeTruthy();
  });

  it('says In Stock above LIMITS.fewLeft, Only N left at or below it, Out of Stock at 0', () => {
    const card = (stock: number) => (
      <MemoryRouter>
        <ProductCard product={aProduct({ stock, inStock: stock > 0 })} />
      </MemoryRouter>
    );
    const { container, rerender } = render(card(6));
    const label = () => container.querySelector('.stock')?.textContent;
    expect(label()).toBe('In Stock');
    rerender(card(3));
    expect(label()).toBe('Only 3 left');
    rerender(card(1));
    expect(label()).toBe('Only 1 left');
    rerender(card(0));
    expect(label()).toBe('Out of Stock');
  });

  it('shows no bare "pack" under the name of a fixed product, and a variable product’s measure', () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <ProductCard product={aProduct({ unit: 'pack' })} />
      </MemoryRouter>,
    );
    expect(container.querySelector('.product-card__unit')?.textContent ?? '').toBe('');
    expect(screen.queryByText(/^pack$/i)).toBeNull();
    rerender(
      <MemoryRouter>
        <ProductCard product={aProduct({ productType: 'variable', unit: 'kg' })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('kg')).toBeTruthy();
  });

  it('says Out of Stock at stock 0 and uses the placeholder without images', () => {
    render(
      <MemoryRouter>
        <ProductCard product={aProduct({ stock: 0, inStock: false, image: [] })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Out of Stock')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('src')).toBe('/placeholder.svg');
  });

  it('says In Stock for a product whose own stock is 0 while its sizes are in stock', () => {
    const sized = aProduct({ stock: 0, inStock: true, variants: [{ _id: 'V1', name: 'M', stock: 40 }] });
    render(
      <MemoryRouter>
        <ProductCard product={sized} />
      </MemoryRouter>,
    );
    expect(screen.getByText('In Stock')).toBeTruthy();
    expect(screen.queryByText('Out of Stock')).toBeNull();
  });
});
