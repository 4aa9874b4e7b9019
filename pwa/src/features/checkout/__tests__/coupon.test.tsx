import 'fake-indexeddb/auto';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { totalsOf } from '@haat/shared/money/pricing';
import type { CartLine } from '../../../lib/storage/account-tables';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { BillDetails } from '../../cart/public';
import { CouponField } from '../components/coupon-field';
import { useCoupon } from '../hooks/use-coupon';
import { usePlaceOrder } from '../hooks/use-place-order';

const line = (quantity: number): CartLine => ({
  key: 'P1',
  productId: 'P1',
  quantity,
  product: { _id: 'P1', name: 'Kurta', image: [], unit: 'pack', price: 250, discount: 0, stock: 50 },
});

/** The API's coupon rule for this test: a code takes 10 % off, EXPIRED is past its window. */
const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
withLocalApiServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    calls.push({ url: req.url ?? '', body });
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/order/coupon-preview') {
      if (body.couponCode === 'EXPIRED') return send(422, { success: false, error: true, code: 'COUPON_EXPIRED', message: 'Coupon EXPIRED has expired.' });
      const items = body.list_items as Array<{ quantity: number }>;
      // PRICEY: the server's price moved to ₹260 since the device last read it.
      const price = body.couponCode === 'PRICEY' ? 260 : 250;
      const subTotalAmt = items.reduce((sum, i) => sum + i.quantity * price, 0);
      const discountAmt = Math.round(subTotalAmt * 10) / 100;
      return send(200, {
        success: true,
        error: false,
        message: 'Coupon applied',
        data: {
          subTotalAmt,
          itemsTotal: subTotalAmt,
          savings: 0,
          couponCode: body.couponCode,
          discountAmt,
          totalAmt: subTotalAmt - discountAmt,
          product_details: [],
        },
      });
    }
    if (req.url === '/api/order/checkout') {
      if (body.couponCode === 'FESTIVE10' && calls.filter((c) => c.url === '/api/order/checkout').length > 1)
        return send(409, { success: false, error: true, code: 'COUPON_USED_UP', message: 'Coupon FESTIVE10 is used up.' });
      return send(503, { success: false, error: true, code: 'NOT_CONFIGURED', message: 'No card payments here.' });
    }
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

let setQuantity: (n: number) => void = () => undefined;
let payOnline: () => void = () => undefined;
function Checkout() {
  const [quantity, set] = useState(2);
  setQuantity = set;
  const lines = [line(quantity)];
  const totals = totalsOf(lines.map((l) => ({ price: l.product.price, discount: l.product.discount, quantity: l.quantity })));
  const coupon = useCoupon(lines);
  const order = usePlaceOrder(lines, totals, coupon.applied, coupon.refused);
  payOnline = () => order.payOnline('A1');
  return (
    <>
      <CouponField
        applied={coupon.applied}
        error={coupon.error}
        busy={coupon.busy || coupon.pending}
        onApply={(c) => void coupon.apply(c)}
        onRemove={coupon.remove}
      />
      <BillDetails totals={totals} variant="checkout" coupon={coupon.applied} />
      <span data-testid="pay-busy">{order.busy}</span>
    </>
  );
}

afterEach(() => {
  cleanup();
  calls.length = 0;
});

const apply = (code: string) => {
  fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
};

describe("the checkout's coupon", () => {
  it('asks the server to price the cart with the code, and shows the discount and the total after it', async () => {
    render(<Checkout />, { wrapper: MemoryRouter });
    apply(' festive10 ');
    await screen.findByText('FESTIVE10 applied: ₹50.00 off');
    expect(calls).toEqual([
      { url: '/api/order/coupon-preview', body: { list_items: [{ productId: 'P1', variantId: null, quantity: 2 }], couponCode: 'FESTIVE10' } },
    ]);
    expect(screen.getByTestId('coupon-discount').textContent).toBe('−₹50.00');
    expect(screen.getByTestId('grand-total').textContent).toBe('₹450.00');
  });

  it('prices the code again when the cart changes, so the total shown is never stale', async () => {
    render(<Checkout />, { wrapper: MemoryRouter });
    apply('FESTIVE10');
    await screen.findByText('FESTIVE10 applied: ₹50.00 off');
    act(() => setQuantity(4));
    await screen.findByText('FESTIVE10 applied: ₹100.00 off');
    expect(screen.getByTestId('grand-total').textContent).toBe('₹900.00');
    expect(calls.map((c) => (c.body.list_items as Array<{ quantity: number }>)[0]!.quantity)).toEqual([2, 4]);
  });

  it('says in words why a code does not apply, tied to the field, and takes nothing off', async () => {
    render(<Checkout />, { wrapper: MemoryRouter });
    apply('EXPIRED');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This coupon has expired.');
    const input = screen.getByLabelText('Coupon code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByTestId('coupon-discount')).toBeNull();
    expect(screen.getByTestId('grand-total').textContent).toBe('₹500.00');
    apply('');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a coupon code.'));
  });

  it('places the order with the code and the discounted total; a coupon refused then is handed back to the field', async () => {
    render(<Checkout />, { wrapper: MemoryRouter });
    apply('FESTIVE10');
    await screen.findByText('FESTIVE10 applied: ₹50.00 off');
    act(() => payOnline());
    const sent = (await waitFor(() => calls.find((c) => c.url === '/api/order/checkout') ?? expect.fail('no checkout yet'))).body;
    expect(sent).toMatchObject({ couponCode: 'FESTIVE10', totalAmt: 450, subTotalAmt: 500, addressId: 'A1' });
    // The second try (once the first is answered: a press while one is under way is ignored) finds the coupon used up
    // meanwhile: the field says so and the discount goes.
    await waitFor(() => expect(screen.getByTestId('pay-busy').textContent).toBe(''));
    act(() => payOnline());
    expect((await screen.findByRole('alert')).textContent).toBe('This coupon has been used up.');
    expect(screen.queryByTestId('coupon-discount')).toBeNull();
    expect(screen.getByTestId('grand-total').textContent).toBe('₹500.00');
  });

  it('asks for the total the bill shows, so prices that moved meanwhile are refused by the server rather than charged unseen', async () => {
    render(<Checkout />, { wrapper: MemoryRouter });
    apply('PRICEY');
    await screen.findByText('PRICEY applied: ₹52.00 off');
    expect(screen.getByTestId('grand-total').textContent).toBe('₹448.00');
    act(() => payOnline());
    expect((await waitFor(() => calls.find((c) => c.url === '/api/order/checkout') ?? expect.fail('no checkout yet'))).body).toMatchObject({
      couponCode: 'PRICEY',
      totalAmt: 448,
      subTotalAmt: 500,
    });
  });
});
