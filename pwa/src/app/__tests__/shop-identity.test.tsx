import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopIdentity } from '@haat/shared/contact/support-contact';
import { withLocalApiServer } from '../../test-support/with-local-api-server';
import { Footer } from '../shell/footer';
import { FooterLinkPage } from '../../features/info/footer-link.page';

/** A shop whose settings are not the demo's, with a district named as its city: what the API would answer for it. */
const SHOP: ShopIdentity = {
  legalName: 'Pune Bazaar LLP',
  gstin: '27AAHCH4527K1Z9',
  address: { street: 'Shop 3, FC Road, Pune', city: 'Pune', state: 'Maharashtra', pincode: '411004' },
  phone: '+91 20 4000 1234',
  whatsappNumber: '+91 98220 12345',
  email: 'help@punebazaar.in',
};

withLocalApiServer((req, res) => {
  if (req.url === '/api/config/public') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify({ success: true, error: false, message: 'ok', data: { googleClientId: null, paymentsEnabled: false, returnWindowDays: 7, shop: SHOP } }),
    );
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"error":true,"message":"Not found"}');
});
afterEach(cleanup);
// The shop the API named is kept for the next visit: not for the next test file.
afterEach(() => localStorage.clear());

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={<FooterLinkPage />} />
      </Routes>
      <Footer />
    </MemoryRouter>,
  );

const lines = (el: Element) => [...el.querySelectorAll('address > span')].map((s) => s.textContent);

describe('one shop identity (docs/decisions/0300-one-shop-identity.md)', () => {
  it('the footer and /contact print the shop the API names, the same lines, the city once', async () => {
    const { container } = at('/contact');
    const footer = container.querySelector('footer')!;
    await within(footer).findByText('Pune Bazaar LLP');
    // The street's own 'Pune' gives way to the city's place beside the state and pincode: printed once.
    const expected = ['Pune Bazaar LLP', 'Shop 3, FC Road', 'Pune, Maharashtra 411004'];
    expect(lines(footer)).toEqual(expected);
    const page = container.querySelector('article')!;
    expect(lines(page)).toEqual(expected);
    for (const where of [footer, page]) {
      expect(within(where).getByRole('link', { name: SHOP.phone }).getAttribute('href')).toBe('tel:+912040001234');
      expect(within(where).getByRole('link', { name: SHOP.email }).getAttribute('href')).toBe('mailto:help@punebazaar.in');
    }
    expect(within(page).getByRole('link', { name: SHOP.whatsappNumber }).getAttribute('href')).toBe('https://wa.me/919822012345');
    expect(within(footer).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919822012345');
    expect(screen.queryByText(/Haat Retail|MG Road|560001|1800 123 4567/)).toBeNull();
  });

  it('the FAQ and About name the same company and desk', async () => {
    at('/about');
    expect((await screen.findByText(/Pune Bazaar LLP from Pune\./, { selector: 'article *' })).textContent).toContain(SHOP.phone);
    cleanup();
    const { container } = at('/faqs');
    const page = container.querySelector('article')!;
    expect(page.textContent).toContain(`Call us on ${SHOP.phone} before the order leaves our store`);
    expect(page.textContent).not.toMatch(/1800 123 4567|support@haat\.in/);
  });
});
