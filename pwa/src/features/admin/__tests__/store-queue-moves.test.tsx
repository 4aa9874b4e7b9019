import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreQueueOrder } from '@haat/shared/orders/store-queue';
import type { Store } from '@haat/shared/stores/store.schema';
import { toast } from '../../../lib/ui/toast';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { StoreQueue } from '../store-queue';

/**
 * A store queue's moves and the counter's hand-over as online writes (lib/query/server-write.ts): the pressed control
 * stays enabled and busy while its write is under way, a second press then sends nothing, a refusal is said in the
 * server's words, and the queue is read again either way. The stand-in API holds each write until the test answers it.
 */
const ORDER: StoreQueueOrder = {
  _id: 'HTQUEUE001',
  fulfilment: 'store',
  createdAt: '2026-11-28T10:00:00.000Z',
  dueAt: '2026-11-28T10:10:00.000Z',
  minutesLeft: 6,
  late: false,
  status: 'PLACED',
  payment_status: 'PENDING',
  statusHistory: [{ status: 'PLACED', updatedAt: '2026-11-28T10:00:00.000Z' }],
  lines: [{ name: 'Ludo Set', variantName: null, quantity: 1, image: null }],
  address: { name: 'Asha Verma', address: '12 MG Road', mobile: '9876543210' } as StoreQueueOrder['address'],
};
const PICKUP: StoreQueueOrder = {
  ...ORDER,
  _id: 'HTPICKUP01',
  fulfilment: 'pickup',
  status: 'READY_FOR_PICKUP',
  statusHistory: [
    { status: 'PLACED', updatedAt: '2026-11-28T10:00:00.000Z' },
    { status: 'READY_FOR_PICKUP', updatedAt: '2026-11-28T10:05:00.000Z' },
  ],
};
const STORE = { _id: 'S1', name: 'Indiranagar' } as Store;

let queue: StoreQueueOrder[] = [];
let reads = 0;
const writes: Array<{ url: string; body: Record<string, unknown> }> = [];
let answer: (status: number, body: unknown) => void = () => undefined;
withLocalApiServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url?.startsWith('/api/store/queue?')) {
      reads += 1;
      return send(200, { success: true, error: false, message: '', data: { orders: queue } });
    }
    writes.push({ url: req.url ?? '', body: JSON.parse(raw || '{}') as Record<string, unknown> });
    answer = send;
  });
});

beforeEach(() => {
  queue = [ORDER, PICKUP];
  reads = 0;
  writes.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a store queue's writes", () => {
  it('a move keeps its button enabled and busy, ignores a second press, and says a refusal in the server’s words', async () => {
    const said = vi.spyOn(toast, 'error');
    render(<StoreQueue store={STORE} />);
    const order = (await screen.findAllByTestId('queue-order'))[0]!;
    const packed = within(order).getByRole<HTMLButtonElement>('button', { name: 'Packed' });
    packed.focus();
    fireEvent.click(packed);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ url: '/api/store/queue/move', body: { storeId: 'S1', orderId: 'HTQUEUE001', status: 'PACKED' } });
    await waitFor(() => expect(packed.getAttribute('aria-busy')).toBe('true'));
    expect(packed.disabled).toBe(false);
    expect(document.activeElement).toBe(packed);
    fireEvent.click(packed);
    const readsBefore = reads;
    answer(409, { success: false, error: true, code: 'STAGE_NOT_ALLOWED', message: 'The order moved on meanwhile.' });
    await waitFor(() => expect(said).toHaveBeenCalledWith('The order moved on meanwhile.'));
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
    expect(writes).toHaveLength(1);
    expect(packed.getAttribute('aria-busy')).toBeNull();
  });

  it('a wrong hand-over code is said beside the field, which keeps the focus; a second press meanwhile sends nothing', async () => {
    render(<StoreQueue store={STORE} />);
    const form = await screen.findByTestId('hand-over');
    const code = within(form).getByRole<HTMLInputElement>('textbox');
    fireEvent.change(code, { target: { value: '1234' } });
    const button = within(form).getByRole<HTMLButtonElement>('button');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ url: '/api/store/queue/hand-over', body: { orderId: 'HTPICKUP01', code: '1234', storeId: 'S1' } });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    answer(422, { success: false, error: true, code: 'PICKUP_CODE_WRONG', message: 'That code is not this order’s.' });
    expect((await within(form).findByRole('alert')).textContent).toBe('That code is not this order’s.');
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(writes).toHaveLength(1);
  });
});
