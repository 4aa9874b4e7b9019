import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderLine } from '@haat/shared/orders/order.types';
import type { PartCancellation } from '@haat/shared/orders/part-cancel';
import { toast } from '../../../lib/ui/toast';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { ManagedOrder } from '../components/managed-order';
import { useAdminOrders } from '../hooks/use-admin-orders';

/**
 * "Cancel items" on Manage Orders (docs/product.md#cancelling-part-of-an-order): the admin's list is read from a stand-in
 * API, which holds each cancel-items write until the test answers it, so the dialog's busy state, its refusals and what
 * the list shows after the answer are the app's own.
 */
const line = (productId: string, name: string, quantity: number, variant: [string, string] | null = null): OrderLine => ({
  productId,
  variantId: variant?.[0] ?? null,
  variantName: variant?.[1] ?? null,
  name,
  image: [],
  unit: 'pack',
  quantity,
  price: 65,
  discount: 0,
  unitPrice: 65,
  subTotalAmt: 65 * quantity,
});

const anOrder = (over: Partial<Order> = {}): Order =>
  ({
    _id: 'O1',
    orderId: 'HT1',
    userId: { _id: 'u1', name: 'Asha Verma', mobile: '9876543210', email: 'asha@example.com' },
    createdAt: '2026-11-25T08:00:00.000Z',
    updatedAt: '2026-11-25T08:00:00.000Z',
    payment_method: 'COD',
    payment_status: 'CASH ON DELIVERY',
    status: 'PLACED',
    statusHistory: [{ status: 'PLACED', updatedAt: '2026-11-25T08:00:00.000Z' }],
    product_details: [line('P1', 'Jeera', 3, ['V1', '100 g']), line('P2', 'Basmati Rice', 2), line('P3', 'Salt', 1)],
    quantity: 6,
    subTotalAmt: 390,
    totalAmt: 390,
    returns: [],
    ...over,
  }) as Order;

const taken = (items: Array<[OrderLine, number]>, amount: number): PartCancellation => ({
  _id: 'PC1',
  items: items.map(([l, quantity]) => ({
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    variantName: l.variantName,
    quantity,
    unitPrice: l.unitPrice,
    amount: l.unitPrice * quantity,
  })),
  amount,
  money: 'lessAtDoor',
  refundId: null,
  createdAt: '2026-11-25T09:00:00.000Z',
});

let listed: Order[] = [];
const writes: Array<Record<string, unknown>> = [];
let answer: (status: number, body: unknown) => void = () => undefined;
withLocalApiServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/config/public')
      return send(200, { success: true, error: false, message: 'ok', data: { googleClientId: null, paymentsEnabled: false, returnWindowDays: 7 } });
    if (req.url?.startsWith('/api/order/admin/orders?'))
      return send(200, { success: true, error: false, message: '', data: listed, totalCount: listed.length, totalNoPage: 1, page: 1 });
    if (req.method === 'POST' && req.url === '/api/order/admin/cancel-items') {
      writes.push(JSON.parse(raw) as Record<string, unknown>);
      answer = send;
      return;
    }
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

beforeEach(() => {
  writes.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Manage Orders' rows, as the page draws them from the admin's list. */
function Rows() {
  const { orders, updating, move, refresh } = useAdminOrders();
  return (
    <>
      {orders.map((o) => (
        <ManagedOrder key={o.orderId} order={o} updating={updating === o.orderId} onMove={(status) => move(o.orderId, status)} onHandedOver={refresh} />
      ))}
    </>
  );
}

async function openDialog() {
  const button = await screen.findByRole('button', { name: 'Cancel items' });
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Cancel items of order #HT1' });
  return { button, dialog };
}

const unitsOf = (dialog: HTMLElement, name: string) => within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: `Units not sent ${name}` });

describe('Cancel items on Manage Orders', () => {
  it('sends only the lines with units, busy without being disabled; the row shows the answer and the focus is back on Cancel items', async () => {
    const said = vi.spyOn(toast, 'success');
    const before = anOrder();
    listed = [before];
    render(<Rows />);
    const { button, dialog } = await openDialog();
    // Each line with its option and the units ordered; the money said in words, no figure.
    expect(within(dialog).getByText('Jeera (100 g)')).toBeTruthy();
    expect(within(dialog).getByText('3 ordered')).toBeTruthy();
    expect(within(dialog).getByTestId('part-cancel-money').textContent).toContain('The shopper pays less at the door by what these units cost.');
    expect(within(dialog).getByTestId('part-cancel-money').textContent).not.toMatch(/₹/);
    fireEvent.change(unitsOf(dialog, 'Jeera (100 g)'), { target: { value: '9' } });
    expect(unitsOf(dialog, 'Jeera (100 g)').value).toBe('3'); // no more than the line holds
    fireEvent.change(unitsOf(dialog, 'Jeera (100 g)'), { target: { value: '2' } });
    fireEvent.change(unitsOf(dialog, 'Salt'), { target: { value: '1' } });
    const sendButton = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel these units' });
    sendButton.focus();
    fireEvent.click(sendButton);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      orderId: 'HT1',
      items: [
        { productId: 'P1', variantId: 'V1', quantity: 2 },
        { productId: 'P3', variantId: null, quantity: 1 },
      ],
    });
    await waitFor(() => expect(sendButton.getAttribute('aria-busy')).toBe('true'));
    expect(sendButton.disabled).toBe(false);
    expect(document.activeElement).toBe(sendButton);
    fireEvent.click(sendButton);
    const [jeera, rice, salt] = before.product_details as [OrderLine, OrderLine, OrderLine];
    const after = anOrder({
      product_details: [{ ...jeera, quantity: 1, subTotalAmt: 65 }, rice],
      quantity: 3,
      totalAmt: 195,
      userId: 'u1',
      partCancellations: [
        taken(
          [
            [jeera, 2],
            [salt, 1],
          ],
          195,
        ),
      ],
    });
    answer(200, { success: true, error: false, message: 'Items cancelled', data: after });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toHaveLength(1);
    const card = screen.getByTestId('order-card');
    await waitFor(() => expect(within(card).getByTestId('order-not-sent').textContent).toContain('2 × Jeera (100 g)'));
    expect(within(card).getByText('Jeera (100 g) × 1')).toBeTruthy();
    expect(within(card).queryByText('Salt × 1')).toBeNull();
    // The admin list's shopper (name and mobile) stays on the row.
    expect(within(card).getByText(/Asha Verma/)).toBeTruthy();
    expect(said).toHaveBeenCalledWith('Units taken off order #HT1');
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);
  });

  it('sends what is asked, refusing nothing itself, and says each server refusal inside the dialog; Keep gives the focus back', async () => {
    listed = [anOrder()];
    render(<Rows />);
    const { button, dialog } = await openDialog();
    const sendButton = within(dialog).getByRole('button', { name: 'Cancel these units' });
    fireEvent.click(sendButton);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ orderId: 'HT1', items: [] });
    answer(400, { success: false, error: true, code: 'VALIDATION', message: 'items: must hold at least one item', fields: ['items'] });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Must hold at least one item');
    for (const name of ['Jeera (100 g)', 'Basmati Rice', 'Salt']) fireEvent.change(unitsOf(dialog, name), { target: { value: '5' } });
    fireEvent.click(sendButton);
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({
      orderId: 'HT1',
      items: [
        { productId: 'P1', variantId: 'V1', quantity: 3 },
        { productId: 'P2', variantId: null, quantity: 2 },
        { productId: 'P3', variantId: null, quantity: 1 },
      ],
    });
    answer(409, {
      success: false,
      error: true,
      code: 'PART_CANCEL_NOT_POSSIBLE',
      message: 'Taking these units off would leave order HT1 empty: cancel the whole order instead.',
      fields: ['items'],
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('part-cancel-refusal').textContent).toBe(
        'Taking these units off would leave order HT1 empty: cancel the whole order instead.',
      ),
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('puts the focus on the order’s stage moves when the units taken off leave it one unit, and Cancel items goes', async () => {
    const two = anOrder({ product_details: [line('P2', 'Basmati Rice', 2)], quantity: 2 });
    listed = [two];
    render(<Rows />);
    const { dialog } = await openDialog();
    fireEvent.change(unitsOf(dialog, 'Basmati Rice'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel these units' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const [rice] = two.product_details as [OrderLine];
    answer(200, {
      success: true,
      error: false,
      message: 'Items cancelled',
      data: { ...two, product_details: [{ ...rice, quantity: 1 }], quantity: 1, partCancellations: [taken([[rice, 1]], 65)] },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel items' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Move order HT1 to' }));
  });
});

describe('when Cancel items is offered', () => {
  const shown = (order: Order) => {
    render(<ManagedOrder order={order} updating={false} onMove={() => undefined} />);
    const found = screen.queryByRole('button', { name: 'Cancel items' });
    cleanup();
    return found !== null;
  };

  it('only before the order leaves the shop, with its payment settled, and more than one unit in it', () => {
    expect(shown(anOrder())).toBe(true);
    expect(shown(anOrder({ status: 'PACKED' }))).toBe(true);
    // Left the shop, or finished.
    expect(shown(anOrder({ status: 'SHIPPED' }))).toBe(false);
    expect(shown(anOrder({ status: 'CANCELLED', payment_status: 'CANCELLED' }))).toBe(false);
    // A card payment still awaited: partCancelMoney is null.
    expect(shown(anOrder({ status: null, payment_method: 'CARD', payment_status: 'AWAITING_PAYMENT' }))).toBe(false);
    // One unit in all: taking it off is cancelling the order.
    expect(shown(anOrder({ product_details: [line('P3', 'Salt', 1)], quantity: 1 }))).toBe(false);
    expect(shown(anOrder({ product_details: [line('P3', 'Salt', 2)], quantity: 2 }))).toBe(true);
  });

  it('says where the money goes for a card order and for a buyer app’s', async () => {
    render(<ManagedOrder order={anOrder({ payment_method: 'CARD', payment_status: 'PAID' })} updating={false} onMove={() => undefined} />);
    let { dialog } = await openDialog();
    expect(within(dialog).getByTestId('part-cancel-money').textContent).toContain('What these units were paid is refunded to the card.');
    cleanup();
    const network = anOrder({
      payment_method: 'NETWORK',
      payment_status: 'PAID',
      channel: { kind: 'ondc', buyerApp: 'buyer.app.test', networkOrderId: 'NW-1' },
    });
    render(<ManagedOrder order={network} updating={false} onMove={() => undefined} />);
    ({ dialog } = await openDialog());
    expect(within(dialog).getByTestId('part-cancel-money').textContent).toContain('buyer.app.test gives the buyer back what these units cost.');
  });
});
