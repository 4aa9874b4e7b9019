import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/db';
import { Gallery } from '../components/gallery';
import { PincodeCheck } from '../components/pincode-check';
import { ReviewsPreview } from '../components/reviews-preview';
import { ShareLinks } from '../components/share-links';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('pincode check (docs/product.md#states and #validation)', () => {
  it('wants 6 digits, then says Checking... and answers after 1 s', () => {
    vi.useFakeTimers();
    render(<PincodeCheck />);
    const input = screen.getByLabelText<HTMLInputElement>('Check delivery');
    fireEvent.change(input, { target: { value: '56a0017' } });
    expect(input.value).toBe('560017'); // digits only
    expect(input.maxLength).toBe(6);
    fireEvent.change(input, { target: { value: '5600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status').textContent).toBe('Please enter a valid 6-digit pincode.');
    fireEvent.change(input, { target: { value: '560001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status').textContent).toBe('Checking...');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('status').textContent).toBe('Delivery available to 560001: get it in 10 minutes.');
  });
});

describe('gallery (docs/product.md#screens and #rules-and-limits)', () => {
  const images = ['/uploads/a-large.webp', '/uploads/b-large.webp', '/uploads/c-large.webp', '/uploads/d-large.webp'];

  it('zooms 1.5× where clicked, switches pictures from the thumbnails, and can hide them', () => {
    render(<Gallery images={images} name="Watch" />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    const main = () => screen.getByRole<HTMLImageElement>('img', { name: /Watch, picture/ });
    expect(main().style.transform).toBe('scale(1.5)');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(main().style.transform).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 3' }));
    expect(main().getAttribute('src')).toBe('/uploads/c-small.webp');
    expect(main().alt).toBe('Watch, picture 3 of 4');
    // more than 3 pictures: scroll arrows
    expect(screen.getByRole('button', { name: 'Next pictures' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide thumbnails' }));
    expect(screen.queryByRole('button', { name: 'Show picture 1' })).toBeNull();
  });

  it('has no arrows with 3 pictures or fewer', () => {
    render(<Gallery images={images.slice(0, 3)} name="Watch" />);
    expect(screen.queryByRole('button', { name: 'Next pictures' })).toBeNull();
  });
});

describe('reviews preview', () => {
  it('shows 3 reviews, "+N more reviews", and the average with the count (saved copy, no network here)', async () => {
    const review = (i: number) => ({ _id: `R${i}`, name: `Asha ${i}`, rating: 4, comment: `Nice ${i}`, createdAt: '2026-11-01T00:00:00.000Z' });
    await db.meta.put({ key: 'reviews:P1', value: { reviews: [review(1), review(2), review(3)], totalReviews: 7, averageRating: 4.3 } });
    render(<ReviewsPreview productId="P1" fallbackAverage={0} fallbackCount={0} />);
    expect(await screen.findByText('+4 more reviews')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('4.3 (7 reviews)')).toBeTruthy();
  });
});

describe('reviews preview, one more', () => {
  it('says "+1 more review", not "reviews", when one is left', async () => {
    const review = (i: number) => ({ _id: `R${i}`, name: `Asha ${i}`, rating: 4, comment: `Nice ${i}`, createdAt: '2026-11-01T00:00:00.000Z' });
    await db.meta.put({ key: 'reviews:P2', value: { reviews: [review(1), review(2), review(3)], totalReviews: 4, averageRating: 4 } });
    render(<ReviewsPreview productId="P2" fallbackAverage={0} fallbackCount={0} />);
    expect(await screen.findByText('+1 more review')).toBeTruthy();
  });
});

describe('share links', () => {
  it('share to twitter, facebook and whatsapp with the page address', () => {
    render(<ShareLinks url="https://haat.in/product/Watch-1" title="Watch" />);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fhaat.in%2Fproduct%2FWatch-1&text=Watch',
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fhaat.in%2Fproduct%2FWatch-1',
      'https://wa.me/?text=Watch%20https%3A%2F%2Fhaat.in%2Fproduct%2FWatch-1',
    ]);
  });
});
