import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartTotals } from '../../features/cart/cart-lines';
import { BillDetails } from '../../features/cart/public';
import { RatingRing } from '../../features/catalog/components/rating-ring';
import { ListingPage } from '../../features/listing/listing.page';
import { StarRating } from '../../features/product/components/star-rating';
import { aProduct } from '../../test-support/a-product';
import { db } from '../../lib/storage/db';
import { clearUserData } from '../../lib/storage/user-data';
import { CartBar } from '../shell/cart-bar';
import { CartButton } from '../shell/cart-button';

const product = { _id: 'P1', name: 'Ludo Set', image: [], unit: '1 box', price: 200, discount: 10, stock: 9 };
const inCart = (quantity: number) => db.cart.put({ key: cartLineKey('P1'), productId: 'P1', quantity, product, addedAt: 1 });
const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(() => clearUserData());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** "1 Items" — every place that shows a count says 1 Item, 2 Items. */
describe('counts read in the right number', () => {
  it('the header cart button and the phone cart bar', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    await inCart(1);
    inRouter(
      <>
        <CartButton />
        <CartBar />
      </>,
    );
    expect(await screen.findByText('1 Item')).toBeTruthy();
    expect(screen.getByTestId('cart-bar').textContent).toMatch(/^1 Item ·/);
    await act(() => inCart(2));
    expect(await screen.findByText('2 Items')).toBeTruthy();
    expect(screen.getByTestId('cart-bar').textContent).toMatch(/^2 Items ·/);
  });

  it('the phone cart bar stays off /cart, where it covered the Grand total', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    await inCart(1);
    render(
      <MemoryRouter initialEntries={['/cart']}>
        <CartButton />
        <CartBar />
      </MemoryRouter>,
    );
    expect(await screen.findByText('1 Item')).toBeTruthy(); // the cart is read
    expect(screen.queryByTestId('cart-bar')).toBeNull();
  });

  it("Bill Details' quantity total", () => {
    const one = cartTotals([{ key: cartLineKey('P1'), productId: 'P1', quantity: 1, product }]);
    inRouter(<BillDetails totals={one} variant="checkout" />);
    expect(screen.getByTestId('quantity-total').textContent).toBe('1 item');
  });

  it('the review counts of a card and of the product page', () => {
    inRouter(
      <>
        <RatingRing averageRating={4} totalReviews={1} />
        <StarRating rating={4} count={1} />
      </>,
    );
    expect(screen.getByText('1 review')).toBeTruthy();
    expect(screen.getByText(/\(1 review\)/)).toBeTruthy();
    expect(screen.queryByText(/1 reviews/)).toBeNull();
  });

  it("a listing's product count", async () => {
    const toys = { _id: 'CTOYS', name: 'Toys', image: '', createdAt: '', updatedAt: '' };
    await db.categories.put(toys);
    await db.subCategories.put({ _id: 'SBOARD', name: 'Board Games', image: '', category: [{ _id: 'CTOYS', name: 'Toys' }], createdAt: '', updatedAt: '' });
    await db.products.put(
      aProduct({ _id: 'P1', name: 'Ludo Set', category: [{ _id: 'CTOYS', name: 'Toys' }], subCategory: [{ _id: 'SBOARD', name: 'Board Games' }] }),
    );
    await db.lists.put({ key: 'listing:CTOYS:SBOARD:{}', ids: ['P1'], total: 1, page: 1, totalPage: 1, savedAt: 1 });
    render(
      <MemoryRouter initialEntries={['/Toys-CTOYS/Board-Games-SBOARD']}>
        <Routes>
          <Route path="/:categorySlug/:subCategorySlug" element={<ListingPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('1 product')).toBeTruthy();
  });
});
