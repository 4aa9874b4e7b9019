import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReturn } from '@haat/shared/orders/returns';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { db } from '../../../lib/storage/db';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { OrderReturns, returnableLines } from '../components/order-returns';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

const anOrder = (deliveredDaysAgo: number | null, returns: OrderReturn[] = []): SavedOrder =>
  ({
    _id: 'O1',
    orderId: 'ORD-1',
    userId: 'u1',
    product_details: [
      {
        productId: 'P1',
        variantId: null,
        variantName: null,
        name: 'Kurta',
        image: [],
        unit: 'pack',
        quantity: 2,
        price: 500,
        discount: 0,
        unitPrice: 500,
        subTotalAmt: 1000,
      },
      {
        productId: 'P2',
        variantId: 'V1',
        variantName: 'Blue',
        name: 'Cap',
        image: [],
        unit: 'pack',
        quantity: 1,
        price: 200,
        discount: 0,
        unitPrice: 200,
        subTotalAmt: 200,
      },
    ],
    statusHistory: [
      { status: 'PLACED', updatedAt: daysAgo(10) },
      ...(deliveredDaysAgo === null ? [] : [{ status: 'DELIVERED', updatedAt: daysAgo(deliveredDaysAgo) }]),
    ],
    returns,
    totalAmt: 1200,
    payment_status: 'CASH ON DELIVERY',
    payment_method: 'COD',
    createdAt: daysAgo(10),
  }) as unknown as SavedOrder;

const aReturn = (status: OrderReturn['status'], quantity: number, refund: OrderReturn['refund'] = null): OrderReturn => ({
  _id: `R-${status}`,
  orderId: 'ORD-1',
  kind: 'RETURN',
  status,
  reason: 'Too small',
  items: [{ productId: 'P1', variantId: null, name: 'Kurta', quantity, amount: 500 * quantity, position: 0 }],
  amount: 500 * quantity,
  history: [{ status, at: daysAgo(1) }],
  refund,
  createdAt: daysAgo(1),
});

const sent: Array<Record<string, unknown>> = [];
withLocalApiServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/config/public')
      return send(200, { success: true, error: false, message: 'ok', data: { googleClientId: null, paymentsEnabled: false, returnWindowDays: 7 } });
    if (req.url === '/api/order/return') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      sent.push(body);
      if ((body.items as Array<{ quantity: number }>)[0]!.quantity > 1)
        return send(422, { success: false, error: true, code: 'RETURN_TOO_MANY', message: 'Only 1 left', left: 1 });
      return send(201, { success: true, error: false, message: 'Return requested', data: { ...aReturn('REQUESTED', 1), reason: body.reason } });
    }
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(async () => {
  cleanup();
  sent.length = 0;
  await db.orders.clear();
});

describe("an order's returns", () => {
  it('counts what is left to return: bought, less units in returns not rejected', () => {
    const left = returnableLines(anOrder(1, [aReturn('REQUESTED', 1), aReturn('REJECTED', 2)]));
    expect([...left.values()]).toEqual([1, 1]);
  });

  it('offers Return items only for a delivered order inside the window, never on the admin card', () => {
    const { unmount } = render(<OrderReturns order={anOrder(null)} shopper />);
    expect(screen.queryByTestId('return-items')).toBeNull();
    unmount();
    const late = render(<OrderReturns order={anOrder(8)} shopper />);
    expect(screen.queryByTestId('return-items')).toBeNull();
    late.unmount();
    const admin = render(<OrderReturns order={anOrder(1)} shopper={false} />);
    expect(screen.queryByTestId('return-items')).toBeNull();
    admin.unmount();
    render(<OrderReturns order={anOrder(1)} shopper />);
    expect(screen.getByTestId('return-items').textContent).toBe('Return items');
    expect(screen.getByText(/^Returns open until /)).toBeTruthy();
  });

  it('sends the chosen units and the reason, refuses none or no reason first, and says a refusal in words', async () => {
    const order = anOrder(2);
    await db.orders.put(order);
    render(<OrderReturns order={order} shopper />);
    fireEvent.click(screen.getByTestId('return-items'));
    const [kurta] = screen.getAllByTestId('return-quantity');
    fireEvent.click(screen.getByTestId('return-send'));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one item to return.');
    fireEvent.change(kurta!, { target: { value: '5' } });
    expect((kurta as HTMLInputElement).value).toBe('2'); // clamped to what was bought
    fireEvent.click(screen.getByTestId('return-send'));
    expect(screen.getByRole('alert').textContent).toBe('Please tell us why you are returning them.');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('return-reason'), { target: { value: ' Too small ' } });
    fireEvent.click(screen.getByTestId('return-send'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That is more than is left to return of an item.'));
    fireEvent.change(kurta!, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('return-send'));
    await waitFor(async () => expect((await db.orders.get('ORD-1'))?.returns?.map((r) => r.status)).toEqual(['REQUESTED']));
    expect(sent.at(-1)).toEqual({ orderId: 'ORD-1', items: [{ productId: 'P1', variantId: null, quantity: 1 }], reason: 'Too small' });
  });

  it('closes on Escape and gives focus back to Return items', () => {
    render(<OrderReturns order={anOrder(1)} shopper />);
    const button = screen.getByTestId('return-items');
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Return items from order #ORD-1' });
    screen.getByTestId('return-reason').focus();
    fireEvent(dialog, new Event('cancel', { cancelable: true })); // what the browser fires on Escape
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("shows each return's status and its refund", () => {
    render(<OrderReturns order={anOrder(3, [aReturn('REFUNDED', 1, { method: 'UPI', reference: 'UPI-778812' }), aReturn('APPROVED', 1)])} shopper={false} />);
    const rows = screen.getAllByTestId('order-return');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['REFUNDED', 'APPROVED']);
    expect(rows[0]!.textContent).toContain('₹500.00 refunded by UPI (reference UPI-778812)');
    expect(rows[1]!.textContent).toContain('Approved: please send the parcel back');
  });

  it('says a card refund went back to the card', () => {
    render(<OrderReturns order={anOrder(3, [aReturn('REFUNDED', 2, { method: 'CARD', reference: 're_123' })])} shopper={false} />);
    expect(screen.getByTestId('order-return').textContent).toContain('₹1,000.00 refunded to your card');
    expect(screen.getByTestId('return-status').textContent).toBe('Refunded');
  });

  it('keeps Return items offline, disabled, saying why', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<OrderReturns order={anOrder(1)} shopper />);
      const button = screen.getByTestId<HTMLButtonElement>('return-items');
      expect(button.disabled).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe('Returning items needs a connection.');
    } finally {
      online.mockRestore();
    }
  });
});
