import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderReturn } from '@haat/shared/orders/returns';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { setLanguage } from '../../../i18n/i18n';
import { ReturnsManager } from '../returns.page';

/**
 * The admin's Returns tab against a real local HTTP server answering like Haat's return routes
 * (docs/product.md#returns): every move asks first and sends the right body, a cash refund needs its method and
 * reference, and a refusal (another admin moved it) is said and the list read again.
 */
const received: Array<{ url: string; body: Record<string, unknown> }> = [];
let returns: AdminOrderReturn[] = [];
/** The next move is refused as if another admin had just moved the return. */
let refuseNext = false;

const aReturn = (fields: Partial<AdminOrderReturn>): AdminOrderReturn => ({
  _id: 'R1',
  orderId: 'HT-1001',
  kind: 'RETURN',
  status: 'REQUESTED',
  reason: 'Wrong size',
  items: [{ productId: 'P1', variantId: null, name: 'Kurta', quantity: 1, amount: 1299, position: 0 }],
  amount: 1299,
  history: [{ status: 'REQUESTED', at: '2026-11-20T10:00:00.000Z' }],
  refund: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  paymentMethod: 'CARD',
  customer: { _id: 'U1', name: 'Asha', email: 'asha@example.in', mobile: null },
  ...fields,
});

withLocalApiServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const reply = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    const url = req.url ?? '';
    received.push({ url, body });
    if (url.startsWith('/api/order/admin/returns')) {
      const all = url.includes('all=true');
      return reply(200, { success: true, error: false, message: 'Returns', data: returns.filter((r) => all || !['REJECTED', 'REFUNDED'].includes(r.status)) });
    }
    if (url === '/api/order/admin/return-status') {
      if (refuseNext) {
        refuseNext = false;
        returns = returns.map((r) => (r._id === body.returnId ? { ...r, status: 'REJECTED' } : r));
        return reply(409, { success: false, error: true, code: 'RETURN_STATE', message: 'That return has moved on' });
      }
      returns = returns.map((r) => (r._id === body.returnId ? { ...r, status: body.status as AdminOrderReturn['status'] } : r));
      return reply(200, { success: true, error: false, message: 'Moved', data: returns.find((r) => r._id === body.returnId) });
    }
    reply(404, { success: false, error: true, code: 'NOT_FOUND', message: 'no route' });
  });
});

beforeEach(() => {
  received.length = 0;
  refuseNext = false;
  returns = [
    aReturn({}),
    aReturn({ _id: 'R2', orderId: 'HT-1002', status: 'RECEIVED', paymentMethod: 'COD', amount: 450, reason: 'Broken' }),
    aReturn({ _id: 'R3', orderId: 'HT-1003', status: 'REFUNDED', refund: { method: 'CARD', reference: 're_1' } }),
  ];
});
afterEach(cleanup);

const moves = () => received.filter((r) => r.url === '/api/order/admin/return-status').map((r) => r.body);
const row = async (orderId: string) => (await screen.findAllByTestId('admin-return-row')).find((r) => r.dataset.orderId === orderId)!;

describe("the admin's returns", () => {
  it('lists the open returns with their order, shopper, reason, amount, payment and next moves; all when asked', async () => {
    render(<ReturnsManager />);
    const first = await row('HT-1001');
    expect(screen.getAllByTestId('admin-return-row').map((r) => r.dataset.orderId)).toEqual(['HT-1001', 'HT-1002']);
    expect(first.textContent).toContain('asha@example.in');
    expect(first.textContent).toContain('Kurta × 1');
    expect(first.textContent).toContain('Wrong size');
    expect(first.textContent).toContain('₹1,299');
    expect(first.textContent).toContain('Card');
    expect(within(first).getByTestId('admin-return-status').textContent).toBe('Requested');
    expect(within(first).getByRole('button', { name: 'Approve the return of order #HT-1001' })).toBeTruthy();
    expect(within(first).getByTestId('return-reject')).toBeTruthy();
    expect(within(await row('HT-1002')).getByTestId('return-refund').textContent).toBe('Refund');
    fireEvent.click(screen.getByTestId('returns-show-all'));
    await waitFor(() => expect(screen.getAllByTestId('admin-return-row')).toHaveLength(3));
    expect(within(await row('HT-1003')).queryAllByRole('button')).toEqual([]);
  });

  it('asks before a move, sends nothing on Keep, and sends the move on confirm', async () => {
    render(<ReturnsManager />);
    fireEvent.click(within(await row('HT-1001')).getByTestId('return-approve'));
    const dialog = screen.getByRole('dialog', { name: 'Approve the return of order #HT-1001?' });
    expect(dialog.textContent).toContain('Kurta × 1 (₹1,299.00): the shopper is told to send the parcel back.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(moves()).toEqual([]);
    fireEvent.click(within(await row('HT-1001')).getByTestId('return-approve'));
    fireEvent.click(screen.getByTestId('return-move-confirm'));
    await waitFor(() =>
      expect(within(screen.getAllByTestId('admin-return-row')[0]!).getByTestId('admin-return-status').textContent).toBe('Approved, awaiting the parcel'),
    );
    expect(moves()).toEqual([{ returnId: 'R1', status: 'APPROVED' }]);
    expect(within(await row('HT-1001')).getByTestId('return-receive')).toBeTruthy();
  });

  it('refunds a card order to the card, and a cash order only with its method and reference', async () => {
    returns = [aReturn({ status: 'RECEIVED' }), ...returns.slice(1)];
    render(<ReturnsManager />);
    fireEvent.click(within(await row('HT-1001')).getByTestId('return-refund'));
    expect(screen.getByRole('dialog').textContent).toContain('Refund ₹1,299.00 to the card through Stripe');
    expect(screen.queryByTestId('refund-reference')).toBeNull();
    fireEvent.click(screen.getByTestId('return-move-confirm'));
    await waitFor(() => expect(moves()).toEqual([{ returnId: 'R1', status: 'REFUNDED' }]));
    await waitFor(() => expect(screen.getAllByTestId('admin-return-row').map((r) => r.dataset.orderId)).toEqual(['HT-1002']));

    fireEvent.click(within(await row('HT-1002')).getByTestId('return-refund'));
    expect(screen.getByTestId('return-move-confirm').textContent).toBe('Refund ₹450.00');
    fireEvent.click(screen.getByTestId('return-move-confirm'));
    expect(screen.getByRole('alert').textContent).toBe("Enter the refund's reference.");
    expect(moves()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Refund method'), { target: { value: 'BANK' } });
    fireEvent.change(screen.getByTestId('refund-reference'), { target: { value: ' NEFT-42 ' } });
    // Once a reference is typed, "Enter the refund's reference." is no longer true and goes.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('refund-reference').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('return-move-confirm'));
    await waitFor(() => expect(moves()).toHaveLength(2));
    expect(moves()[1]).toEqual({ returnId: 'R2', status: 'REFUNDED', refund: { method: 'BANK', reference: 'NEFT-42' } });
  });

  it.each([['en-IN'], ['hi-IN']] as const)('the name of each move button holds what it shows (WCAG 2.5.3 label in name), in %s', async (lang) => {
    await setLanguage(lang, false);
    returns = [aReturn({}), aReturn({ _id: 'R2', orderId: 'HT-1002', status: 'APPROVED' }), aReturn({ _id: 'R4', orderId: 'HT-1004', status: 'RECEIVED' })];
    try {
      render(<ReturnsManager />);
      await row('HT-1004');
      const buttons = screen.getAllByTestId('admin-return-row').flatMap((r) => within(r).queryAllByRole('button'));
      expect(buttons.map((b) => b.dataset.testid).sort()).toEqual(['return-approve', 'return-receive', 'return-refund', 'return-reject']);
      for (const button of buttons) expect(button.getAttribute('aria-label')).toContain(button.textContent.trim());
    } finally {
      await setLanguage('en-IN', false);
    }
  });

  it('says a refusal when another admin moved the return first, and reads the list again', async () => {
    render(<ReturnsManager />);
    fireEvent.click(within(await row('HT-1001')).getByTestId('return-approve'));
    refuseNext = true;
    fireEvent.click(screen.getByTestId('return-move-confirm'));
    expect((await screen.findByTestId('returns-problem')).textContent).toBe('Another admin has already moved this return; the list now shows where it stands.');
    await waitFor(() => expect(screen.getAllByTestId('admin-return-row').map((r) => r.dataset.orderId)).toEqual(['HT-1002']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
