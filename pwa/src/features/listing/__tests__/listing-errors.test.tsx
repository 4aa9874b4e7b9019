import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/storage/db';
import { aProduct } from '../../../test-support/a-product';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { ListingPage } from '../listing.page';

/**
 * While online, a listing whose request the server answers with an error shows the
 * error banner — not "Offline: filtered from products saved on this device" with a count of the saved
 * ones. Only a request that gets no answer falls back to the saved products, and says why.
 */
let answer: 'error' | 'drop' = 'error';

withLocalApiServer((req, res) => {
  if (answer === 'drop') return req.socket.destroy();
  res.writeHead(500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ success: false, error: true, message: 'Internal server error', code: 'INTERNAL' }));
});

beforeEach(async () => {
  await Promise.all([db.categories.clear(), db.subCategories.clear(), db.products.clear(), db.lists.clear()]);
  await db.categories.put({ _id: 'CTOYS', name: 'Toys', image: '', createdAt: '', updatedAt: '' });
  await db.subCategories.put({ _id: 'SBOARD', name: 'Board Games', image: '', category: [{ _id: 'CTOYS', name: 'Toys' }], createdAt: '', updatedAt: '' });
  // Saved from an earlier visit: products of this listing, but no saved page for this exact request.
  await db.products.put(
    aProduct({ _id: 'P1', name: 'Ludo Set', category: [{ _id: 'CTOYS', name: 'Toys' }], subCategory: [{ _id: 'SBOARD', name: 'Board Games' }] }),
  );
});
afterEach(() => cleanup());

const renderListing = () =>
  render(
    <MemoryRouter initialEntries={['/Toys-CTOYS/Board-Games-SBOARD']}>
      <Routes>
        <Route path="/:categorySlug/:subCategorySlug" element={<ListingPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('a listing whose request fails while online', () => {
  it('answered 500: "Failed to load products.", no offline note, no count', async () => {
    answer = 'error';
    renderListing();
    expect(await screen.findByText('Failed to load products.')).toBeTruthy();
    expect(screen.queryByText(/Offline/)).toBeNull();
    expect(screen.queryByText('Ludo Set')).toBeNull();
    expect(screen.getByTestId('listing-count').textContent.trim()).toBe('');
  });

  it('no answer at all: the saved products, saying the shop could not be reached (the device is online)', async () => {
    answer = 'drop';
    renderListing();
    expect(await screen.findByText('Ludo Set')).toBeTruthy();
    expect(screen.getByTestId('listing-fallback').textContent).toBe('The shop could not be reached: filtered from products saved on this device.');
    expect(screen.getByTestId('listing-count').textContent).toBe('1 product saved on this device');
  });

  // A listing never opened on this device: nothing saved can stand in, and that is not an error.
  it('no answer, nothing of this listing saved, offline: says so, not "Failed to load products."', async () => {
    answer = 'drop';
    await db.products.clear();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderListing();
      expect((await screen.findByTestId('listing-not-saved')).textContent).toBe(
        'You are offline, and this listing has not been saved on this device. Open it again when you are back online.',
      );
      expect(screen.queryByText('Failed to load products.')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    }
  });

  it('no answer, nothing of this listing saved, online: the shop could not be reached, not an error', async () => {
    answer = 'drop';
    await db.products.clear();
    renderListing();
    expect((await screen.findByTestId('listing-not-saved')).textContent).toBe(
      'The shop could not be reached, and this listing has not been saved on this device. Try again in a moment.',
    );
    expect(screen.queryByText('Failed to load products.')).toBeNull();
  });

  it('offline, a listing the device\'s saved tree does not name: not saved here, not "page not found"', async () => {
    answer = 'drop';
    await db.products.clear();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      render(
        <MemoryRouter initialEntries={['/Toys-CTOYS/Puzzles-SPUZZLE']}>
          <Routes>
            <Route path="/:categorySlug/:subCategorySlug" element={<ListingPage />} />
          </Routes>
        </MemoryRouter>,
      );
      expect((await screen.findByTestId('listing-not-saved')).textContent).toContain('You are offline');
      expect(screen.queryByText(/not found/i)).toBeNull();
    } finally {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    }
  });
});
