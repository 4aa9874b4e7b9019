import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { db } from '../../../lib/storage/db';
import { setSessionUser } from '../../../lib/http/session';
import { toastsAtom } from '../../../lib/ui/toast';
import { tokens } from '../../../lib/http/tokens';
import { ReviewsPreview } from '../components/reviews-preview';
import { DEFAULT_RATING, REVIEW_TEXT, deleteFailure, nextRating, reviewBlocker, submitFailure } from '../reviews/review-rules';

const problem = (status: number, message = 'x', body: Record<string, unknown> | null = { message }) => ({ status, message, body });

describe('review rules (docs/product.md#validation, #errors and #rules-and-limits)', () => {
  it('starts at 5 stars; a click sets a star, a click on the current star clears it to 0', () => {
    expect(DEFAULT_RATING).toBe(5);
    expect(nextRating(5, 3)).toBe(3);
    expect(nextRating(3, 3)).toBe(0);
    expect(nextRating(0, 4)).toBe(4);
    expect(nextRating(2, 9)).toBe(5);
  });

  it('asks to sign in first, then for a rating, then for the network', () => {
    expect(reviewBlocker({ signedIn: false, online: true, rating: 5 })).toBe('You must be logged in to submit a review');
    expect(reviewBlocker({ signedIn: true, online: true, rating: 0 })).toBe('Please select a rating.');
    expect(reviewBlocker({ signedIn: true, online: false, rating: 4 })).toBe(REVIEW_TEXT.offline);
    expect(reviewBlocker({ signedIn: true, online: true, rating: 1 })).toBeNull();
  });

  it('says what went wrong on submit and delete', () => {
    expect(submitFailure(problem(500, 'Internal error'))).toBe('Failed to submit review');
    expect(submitFailure(problem(0, 'You are offline.', null))).toBe(REVIEW_TEXT.offline);
    expect(submitFailure(problem(401))).toBe('You must be logged in to submit a review');
    expect(submitFailure(problem(400, 'comment: too long'))).toBe('Failed to submit review: comment: too long');
    expect(submitFailure(problem(404, 'Product not found'))).toBe('Failed to submit review: Product not found');
    expect(deleteFailure(problem(403, 'Access denied'))).toBe('Access denied');
    expect(deleteFailure(problem(401))).toBe('Access denied');
    expect(deleteFailure(problem(404, 'Review not found'))).toBe('Failed to delete review');
    expect(deleteFailure(problem(0, 'You are offline.', null))).toMatch(/^You are offline\. Deleting a review needs the network/);
    expect(REVIEW_TEXT).toMatchObject({ submitted: 'Review submitted successfully!', deleted: 'Review deleted successfully.' });
  });
});

const user = (role: User['role']) => ({ _id: 'U1', name: 'Asha', email: 'a@x.in', role }) as User;
const review = { _id: 'R1', name: 'Bala', rating: 4, comment: 'Nice', createdAt: '2026-11-01T00:00:00.000Z', verifiedPurchase: true };

function renderReviews() {
  return render(
    <MemoryRouter>
      <ReviewsPreview productId="P9" fallbackAverage={0} fallbackCount={0} />
    </MemoryRouter>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the review form on the product page (no API here: requests fail for real)', () => {
  beforeEach(async () => {
    await db.meta.clear();
    await db.meta.put({ key: 'reviews:P9', value: { reviews: [review], totalReviews: 1, averageRating: 4 } });
  });
  afterEach(() => {
    cleanup();
    setSessionUser(null);
    tokens.clear();
    setOnline(true);
  });

  it('signed out: 5 stars to start, and submitting says to log in, with a Sign in link', async () => {
    renderReviews();
    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(within(form).getByRole('button', { name: '5 stars' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('You must be logged in to submit a review');
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    // No delete icon for shoppers or visitors; "Verified purchase" from the server's field.
    expect(screen.queryByRole('button', { name: /Delete review/ })).toBeNull();
    expect(await screen.findByText('✓ Verified purchase')).toBeTruthy();
  });

  it('signed in: a rating cleared to 0 is refused with "Please select a rating."', async () => {
    setSessionUser(user('USER'));
    renderReviews();
    const form = await screen.findByRole('form', { name: 'Write a review' });
    fireEvent.click(within(form).getByRole('button', { name: '5 stars' }));
    expect(within(form).getByRole('group').getAttribute('aria-label')).toBe('Your rating: 0 out of 5');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please select a rating.');
  });

  it('offline: says that writing a review needs the network, on screen and on submit', async () => {
    setSessionUser(user('USER'));
    setOnline(false);
    renderReviews();
    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(within(form).getByRole('status').textContent).toBe(REVIEW_TEXT.offline);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(
        getDefaultStore()
          .get(toastsAtom)
          .map((t) => [t.kind, t.message]),
      ).toContainEqual(['error', REVIEW_TEXT.offline]),
    );
    expect(await db.meta.get('reviews:P9')).toMatchObject({ value: { totalReviews: 1 } });
  });

  it('admins see a delete icon that asks before deleting', async () => {
    setSessionUser(user('ADMIN'));
    renderReviews();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete review by Bala' }));
    expect(screen.getByText('Delete the review by Bala? This cannot be undone.')).toBeTruthy();
  });
});
