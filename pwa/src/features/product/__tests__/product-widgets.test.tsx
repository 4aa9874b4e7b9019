import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/storage/db';
import { Gallery } from '../components/gallery';
import { deliveryMessage, PincodeCheck } from '../components/pincode-check';
import { ReviewsPreview } from '../components/reviews-preview';
import { LIMITS } from '@haat/shared/common/limits';
import { getJson } from '../../../lib/http/api-client';

// The opened list's request; the preview itself reads the saved copy (no network in these tests).
vi.mock('../../../lib/http/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http/api-client')>()),
  // No network here, as for every other request of these tests.
  getJson: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
}));
import { ShareLinks } from '../components/share-links';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('pincode check', () => {
  it('takes digits only, six at most, and asks for six before it looks anything up', () => {
    render(<PincodeCheck productId="p1" />);
    const input = screen.getByLabelText<HTMLInputElement>('Check delivery');
    fireEvent.change(input, { target: { value: '56a0017' } });
    expect(input.value).toBe('560017'); // digits only
    expect(input.maxLength).toBe(6);
    fireEvent.change(input, { target: { value: '5600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status').textContent).toBe('Please enter a valid 6-digit pincode.');
  });

  // A place served gets no words from the lookup: its date (or a store's minutes) is the promise route's (docs/product.md#delivery).
  it('words each answer of the lookup: nothing for a place served, not served, unknown, no answer', () => {
    const place = { pincode: '560001', city: 'Bengaluru', district: 'Bengaluru North', state: 'Karnataka' };
    expect(deliveryMessage('560001', { kind: 'found', place: { ...place, serviceable: true, deliveryDays: 1, deliveryBy: '2026-11-24' } })).toBeNull();
    expect(deliveryMessage('560001', { kind: 'found', place: { ...place, serviceable: false, deliveryDays: null, deliveryBy: null } })).toBe(
      'Sorry, we do not deliver to Bengaluru, Karnataka (560001) yet.',
    );
    expect(deliveryMessage('999999', { kind: 'unknown' })).toBe('We could not find pincode 999999. Please check it.');
    expect(deliveryMessage('560001', { kind: 'unreachable' })).toMatch(/Unable to check delivery/);
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

/** The all-reviews request answers `answer`; the preview's refresh finds no network, as everywhere in these tests. */
const allReviews = (answer: () => Promise<unknown>) =>
  vi
    .mocked(getJson)
    .mockImplementation((path: string) => (path.endsWith(`limit=${LIMITS.reviewsMaxPage}`) ? answer() : Promise.reject(new TypeError('Failed to fetch'))));

describe('reviews preview, opened', () => {
  it('"+N more reviews" opens every review (as many as one request lists), newest first', async () => {
    const review = (i: number) => ({ _id: `R${i}`, name: `Asha ${i}`, rating: 4, comment: `Nice ${i}`, createdAt: '2026-11-01T00:00:00.000Z' });
    const every = [1, 2, 3, 4, 5, 6, 7].map(review);
    await db.meta.put({ key: 'reviews:P3', value: { reviews: every.slice(0, 3), totalReviews: 7, averageRating: 4 } });
    allReviews(() => Promise.resolve({ success: true, data: every }));
    render(<ReviewsPreview productId="P3" fallbackAverage={0} fallbackCount={0} />);
    fireEvent.click(await screen.findByRole('button', { name: '+4 more reviews' }));
    expect(await screen.findByText('Nice 7')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /more review/ })).toBeNull();
    expect(getJson).toHaveBeenCalledWith(expect.stringMatching(/^review\/P3\?limit=/));
  });

  it('says so under the button when they cannot be read, and the button asks again', async () => {
    const review = (i: number) => ({ _id: `R${i}`, name: `Asha ${i}`, rating: 4, comment: `Nice ${i}`, createdAt: '2026-11-01T00:00:00.000Z' });
    const every = [1, 2, 3, 4, 5].map(review);
    await db.meta.put({ key: 'reviews:P4', value: { reviews: every.slice(0, 3), totalReviews: 5, averageRating: 4 } });
    let asked = 0;
    allReviews(() => (asked++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ success: true, data: every })));
    render(<ReviewsPreview productId="P4" fallbackAverage={0} fallbackCount={0} />);
    fireEvent.click(await screen.findByRole('button', { name: '+2 more reviews' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/review/i);
    fireEvent.click(screen.getByRole('button', { name: '+2 more reviews' }));
    expect(await screen.findByText('Nice 5')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
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
