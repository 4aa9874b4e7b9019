import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { db } from '../../../lib/storage/db';
import { setSessionUser } from '../../../lib/http/session';
import { aProduct } from '../../../test-support/a-product';
import { ProductPage } from '../product.page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/product/:productSlug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await Promise.all([db.products.clear(), db.recent.clear(), db.meta.clear(), db.lists.clear()]);
});
afterEach(cleanup);

describe('the product page', () => {
  // There is no API in unit tests, so every request fails for real.
  // The tries themselves (2 more, 1 s apart, network errors and 5xx only) are ky's retry, checked against
  // a real server in detail-retry.test.ts; here the request cannot even be built (no origin), so it fails once.
  it('shows the error message with Retry when the product cannot be fetched, and Retry starts again', async () => {
    renderAt('/product/Missing-Thing-01NOPE');
    expect(screen.getByRole('status').textContent).toContain('Loading product');
    expect(await screen.findByText('Unable to fetch product details after multiple attempts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status').textContent).toContain('Loading product');
  }, 10_000);

  it('renders a product saved in IndexedDB at once, with price, countdown, stock and JSON-LD in INR', async () => {
    await db.products.put(aProduct({ description: 'x'.repeat(400) }));
    renderAt('/product/boAt-Airdopes-Black-Blue-01PROD');
    expect(await screen.findByRole('heading', { level: 1, name: 'boAt Airdopes, Black & Blue' })).toBeTruthy();
    expect(screen.getAllByText('₹849.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Cart: boAt Airdopes, Black & Blue' }).textContent).toBe('Add to Cart');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('HomeEarbudsboAt Airdopes, Black & Blue');
    const blocks = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent));
    const product = blocks.find((b) => b['@type'] === 'Product');
    expect(product.offers).toMatchObject({ priceCurrency: 'INR', price: '849.00', availability: 'https://schema.org/InStock' });
    expect(product.description.length).toBeLessThanOrEqual(160);
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
    expect(document.querySelector<HTMLMetaElement>('meta[name="description"]')!.content.length).toBeLessThanOrEqual(160);
  });

  it('a variant overrides price, stock and pictures, and the quantity stays within its stock', async () => {
    await db.products.put(
      aProduct({
        stock: 9,
        variants: [
          { _id: 'V1', name: 'Large', price: 2000, stock: 2, image: ['/uploads/big-large.webp'] },
          { _id: 'V2', name: 'Sold out', stock: 0 },
        ],
      }),
    );
    renderAt('/product/boAt-Airdopes-Black-Blue-01PROD');
    await screen.findByRole('heading', { level: 1, name: 'boAt Airdopes, Black & Blue' });
    const plus = screen.getByRole('button', { name: 'Increase quantity of boAt Airdopes, Black & Blue' });
    for (let i = 0; i < 4; i++) fireEvent.click(plus);
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' }).value).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Large' }));
    expect(screen.getByRole('button', { name: 'Large' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByText('₹1,700.00').length).toBeGreaterThan(0); // 2000 − 15 % (300)
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' }).value).toBe('2'); // clamped to the variant's stock
    const mainPicture = () => screen.getByRole('button', { name: 'Zoom in' }).querySelector('img')!.getAttribute('src');
    expect(mainPicture()).toBe('/uploads/big-small.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Sold out' })); // no pictures of its own: the product's
    expect(screen.getByText('Out of Stock')).toBeTruthy();
    expect(mainPicture()).toBe('/uploads/abc-small.webp');
  });

  it('adds the chosen variant: nothing before one is chosen, then a line of that variant at its price', async () => {
    setSessionUser({ _id: 'u1', name: 'Asha' } as User);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false }); // the outbox keeps the write
    await db.cart.clear();
    await db.products.put(
      aProduct({
        stock: 9,
        variants: [
          { _id: 'V1', name: 'Large', price: 2000, stock: 2, image: ['/uploads/big-large.webp'] },
          { _id: 'V2', name: 'Small' },
        ],
      }),
    );
    renderAt('/product/boAt-Airdopes-Black-Blue-01PROD');
    await screen.findByRole('heading', { level: 1, name: 'boAt Airdopes, Black & Blue' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Choose an option' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Large' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart: boAt Airdopes, Black & Blue (Large)' }));
    await waitFor(async () => expect(await db.cart.count()).toBe(1));
    const [line] = await db.cart.toArray();
    expect(line).toMatchObject({ key: '01PROD:V1', productId: '01PROD', variantId: 'V1', variant: { _id: 'V1', name: 'Large' }, quantity: 1 });
    expect(line!.product).toMatchObject({ price: 2000, stock: 2, image: ['/uploads/big-large.webp'] });
    // The other variant is another line.
    fireEvent.click(screen.getByRole('button', { name: 'Small' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart: boAt Airdopes, Black & Blue (Small)' }));
    await waitFor(async () => expect((await db.cart.toArray()).map((l) => l.key).sort()).toEqual(['01PROD:V1', '01PROD:V2']));
    setSessionUser(null);
  });

  it("after Add to Cart there is one stepper, the cart's, and it changes the cart line", async () => {
    setSessionUser({ _id: 'u1', name: 'Asha' } as User);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false }); // the outbox keeps the write
    await db.cart.clear();
    await db.products.put(aProduct({ stock: 9 }));
    renderAt('/product/boAt-Airdopes-Black-Blue-01PROD');
    await screen.findByRole('heading', { level: 1, name: 'boAt Airdopes, Black & Blue' });
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeTruthy(); // the pre-add quantity chooser
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart: boAt Airdopes, Black & Blue' }));
    await screen.findByRole('group', { name: 'Quantity of boAt Airdopes, Black & Blue' });
    expect(screen.queryByRole('group', { name: 'Quantity' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^(Increase quantity of|Add one more)/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add one more boAt Airdopes, Black & Blue' }));
    await waitFor(async () => expect((await db.cart.toArray())[0]?.quantity).toBe(2));
    setSessionUser(null);
  });

  it('after six products were viewed, Recently Viewed shows the 4 viewed before this one, newest first', async () => {
    for (let i = 1; i <= 6; i++) await db.products.put(aProduct({ _id: `P${i}`, name: `Thing ${i}` }));
    for (let i = 1; i <= 6; i++) {
      const view = renderAt(`/product/Thing-${i}-P${i}`);
      await screen.findByRole('heading', { level: 1, name: `Thing ${i}` });
      // The view is recorded, and the clock has moved past it, so the next view is newer.
      const recorded = await waitFor(async () => {
        const entry = await db.recent.get(`P${i}`);
        expect(entry).toBeDefined();
        return entry!.viewedAt;
      });
      await waitFor(() => expect(Date.now()).toBeGreaterThan(recorded));
      if (i < 6) view.unmount();
    }
    const section = await screen.findByRole('region', { name: 'Recently Viewed' });
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Thing 5', 'Thing 4', 'Thing 3', 'Thing 2'].map((n) => expect.stringContaining(n))),
    );
    // The device keeps no more than it can show: those 4 and the product on screen.
    expect((await db.recent.orderBy('viewedAt').reverse().toArray()).map((r) => r._id)).toEqual(['P6', 'P5', 'P4', 'P3', 'P2']);
  });

  it('says Invalid product ID. when the route has no id', () => {
    renderAt('/product/');
    // "/product/" has no segment, so no route matches; an empty segment after the hyphen is the real case:
    cleanup();
    renderAt('/product/Thing-');
    expect(screen.getByRole('alert').textContent).toBe('Invalid product ID.');
  });
});
