import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { db } from '../../../lib/storage/db';
import { aProduct } from '../../../test-support/a-product';
import { ListingPage } from '../listing.page';

const toys = { _id: 'CTOYS', name: 'Toys', image: '', createdAt: '', updatedAt: '' };
const sub = (id: string, name: string) => ({ _id: id, name, image: '', category: [{ _id: 'CTOYS', name: 'Toys' }], createdAt: '', updatedAt: '' });

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:categorySlug/:subCategorySlug" element={<ListingPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await Promise.all([db.categories.clear(), db.subCategories.clear(), db.products.clear(), db.lists.clear()]);
  await db.categories.put(toys);
  await db.subCategories.bulkPut([sub('SBOARD', 'Board Games'), sub('SKIDS', 'Kids Corner')]);
});
afterEach(cleanup);

describe('the listing page', () => {
  it('renders the saved page from IndexedDB although the network cannot answer', async () => {
    const ludo = aProduct({ _id: 'P1', name: 'Ludo Set', category: [{ _id: 'CTOYS', name: 'Toys' }], subCategory: [{ _id: 'SBOARD', name: 'Board Games' }] });
    await db.products.put(ludo);
    await db.lists.put({ key: 'listing:CTOYS:SBOARD:{}', ids: ['P1'], total: 1, page: 1, totalPage: 1, savedAt: 1 });
    renderAt('/Toys-CTOYS/Board-Games-SBOARD');
    expect(await screen.findByText('Ludo Set')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Board Games' })).toBeTruthy();
    expect(screen.queryByText('Failed to load products.')).toBeNull();
  });

  it('shows the error text when nothing is saved and the network fails', async () => {
    renderAt('/Toys-CTOYS/Kids-Corner-SKIDS');
    expect(await screen.findByText('Failed to load products.')).toBeTruthy();
  });

  it('lists the sibling subcategories and clears the filters when the route changes', async () => {
    renderAt('/Toys-CTOYS/Board-Games-SBOARD');
    const siblings = await screen.findByRole('navigation', { name: 'Toys subcategories' });
    // The panel is there at once (names from the URL); its links come with the saved subcategories.
    await waitFor(() =>
      expect([...siblings.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
        '/Toys-CTOYS/Board-Games-SBOARD',
        '/Toys-CTOYS/Kids-Corner-SKIDS',
      ]),
    );
    fireEvent.change(screen.getByLabelText('Search in this list'), { target: { value: 'ludo' } });
    fireEvent.click(screen.getByLabelText('In Stock Only'));
    fireEvent.click(screen.getByRole('link', { name: 'Kids Corner' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kids Corner' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search in this list').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('In Stock Only').checked).toBe(false);
  });

  it('keeps its filters while the catalogue tree is saved on the device (it never flashes "not found" and remounts)', async () => {
    // A first visit: nothing saved, the listing drawn from the names in its URL.
    await Promise.all([db.categories.clear(), db.subCategories.clear()]);
    renderAt('/Toys-CTOYS/Board-Games-SBOARD');
    const inStock = await screen.findByLabelText<HTMLInputElement>('In Stock Only');
    fireEvent.click(inStock);
    // The shopper's first tap opens storage, and the tree the network answered is saved, both tables in one
    // transaction (refreshCatalogTree). A screen that read the categories before the subcategories saw a tree
    // without this listing's subcategory for a moment: "not found", then a fresh listing with no filters.
    const notFound: string[] = [];
    const seen = new MutationObserver(() => {
      if (screen.queryByText(/not found/i)) notFound.push(document.body.textContent ?? '');
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    await db.transaction('rw', db.categories, db.subCategories, async () => {
      await db.categories.put(toys);
      await db.subCategories.bulkPut([sub('SBOARD', 'Board Games'), sub('SKIDS', 'Kids Corner')]);
    });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Kids Corner' })).toBeTruthy());
    seen.disconnect();
    expect(notFound).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('In Stock Only').checked).toBe(true);
  });
});

describe('the Filters button on a phone (docs/product.md#states, Listing)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en-IN', false);
  });

  it('shows how many sorts and filters are set, and nothing once they are cleared', async () => {
    renderAt('/Toys-CTOYS/Board-Games-SBOARD');
    fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    expect(screen.queryByTestId('filters-count')).toBeNull();
    const sort = await screen.findByLabelText<HTMLSelectElement>('Sort by');
    fireEvent.change(sort, { target: { value: 'lowToHigh' } });
    expect(screen.getByTestId('filters-count').textContent).toBe('1');
    fireEvent.click(screen.getByLabelText('In Stock Only'));
    fireEvent.change(screen.getByLabelText('Min price (₹)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Max price (₹)'), { target: { value: '500' } });
    expect(screen.getByTestId('filters-count').textContent).toBe('3'); // a price range is one
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByRole('button', { name: 'Filters, 3 set' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 3 set' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.queryByTestId('filters-count')).toBeNull());
  });

  it('says it in Hindi too', async () => {
    await setLanguage('hi-IN', false);
    renderAt('/Toys-CTOYS/Board-Games-SBOARD');
    fireEvent.click(await screen.findByRole('button', { name: 'फ़िल्टर' }));
    fireEvent.change(await screen.findByLabelText('क्रम से लगाएँ'), { target: { value: 'newest' } });
    fireEvent.click(screen.getByRole('button', { name: 'नतीजे दिखाएँ' }));
    expect(await screen.findByRole('button', { name: 'फ़िल्टर, 1 लगा है' })).toBeTruthy();
  });
});
