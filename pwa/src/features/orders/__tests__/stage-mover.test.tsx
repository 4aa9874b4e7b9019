import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { StageMover } from '../components/stage-mover';

afterEach(cleanup);

const order = (payment_method: 'COD' | 'CARD', payment_status: Order['payment_status']) =>
  ({ orderId: 'HT1', payment_method, payment_status, statusHistory: [{ status: 'PLACED', updatedAt: '2026-11-25T08:00:00.000Z' }] }) as unknown as Order;

function mover(o: Order) {
  const moves: Array<OrderStage | `${OrderStage}:${string}`> = [];
  render(<StageMover order={o} updating={false} onMove={(s, reason) => moves.push(reason ? `${s}:${reason}` : s)} />);
  const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}$`) });
  return { moves, button };
}

describe("the admin's stage moves", () => {
  it('moves to a stage that can be undone at once', () => {
    const { moves, button } = mover(order('COD', 'CASH ON DELIVERY'));
    fireEvent.click(button('Confirmed'));
    expect(moves).toEqual(['CONFIRMED']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hands the focus to the next move once a move has landed, never to the page', () => {
    const placed = order('COD', 'CASH ON DELIVERY');
    const view = (o: Order, updating: boolean) => <StageMover order={o} updating={updating} onMove={() => undefined} />;
    const { rerender } = render(view(placed, false));
    const confirmed = screen.getByRole('button', { name: /^Confirmed$/ });
    confirmed.focus();
    fireEvent.click(confirmed);
    rerender(view(placed, true));
    const next = {
      ...placed,
      status: 'CONFIRMED',
      statusHistory: [...placed.statusHistory, { status: 'CONFIRMED', updatedAt: '2026-11-25T09:00:00.000Z' }],
    } as unknown as Order;
    rerender(view(next, false));
    expect(screen.queryByRole('button', { name: /^Confirmed$/ })).toBeNull();
    const group = screen.getByRole('group');
    expect(group.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });

  it('keeps the focus on the order when a move leaves it none: the group stays, saying it is final', () => {
    const shipped = {
      ...order('COD', 'CASH ON DELIVERY'),
      status: 'OUT_FOR_DELIVERY',
      statusHistory: [
        { status: 'PLACED', updatedAt: '2026-11-25T08:00:00.000Z' },
        { status: 'OUT_FOR_DELIVERY', updatedAt: '2026-11-25T09:00:00.000Z' },
      ],
    } as unknown as Order;
    const view = (o: Order, updating: boolean) => <StageMover order={o} updating={updating} onMove={() => undefined} />;
    const { rerender } = render(view(shipped, false));
    fireEvent.click(screen.getByRole('button', { name: /^Delivered$/ }));
    const confirm = screen.getByRole('button', { name: 'Mark delivered' });
    confirm.focus();
    fireEvent.click(confirm);
    rerender(view(shipped, true));
    const delivered = {
      ...shipped,
      status: 'DELIVERED',
      statusHistory: [...shipped.statusHistory, { status: 'DELIVERED', updatedAt: '2026-11-25T10:00:00.000Z' }],
    } as unknown as Order;
    rerender(view(delivered, false));
    const group = screen.getByRole('group');
    expect(group.textContent).toBe('Delivered: no more moves');
    expect(document.activeElement).toBe(group);
    // An order met already final shows no mover at all.
    cleanup();
    render(view(delivered, false));
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('asks before Cancelled, naming the refund of a paid card order; Keep leaves the order as it was', () => {
    const { moves, button } = mover(order('CARD', 'PAID'));
    fireEvent.click(button('Cancelled'));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #HT1?' });
    expect(dialog.textContent).toContain('the card payment is refunded');
    fireEvent.click(screen.getByRole('button', { name: 'Keep as it is' }));
    expect(moves).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button('Cancelled'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(moves).toEqual(['CANCELLED']);
  });

  it('says a shipped order comes back as a parcel before its units and refund do', () => {
    const shipped = {
      ...order('CARD', 'PAID'),
      status: 'SHIPPED',
      statusHistory: [
        { status: 'PLACED', updatedAt: '2026-11-25T08:00:00.000Z' },
        { status: 'SHIPPED', updatedAt: '2026-11-25T09:00:00.000Z' },
      ],
    } as unknown as Order;
    const { button } = mover(shipped);
    fireEvent.click(button('Cancelled'));
    const text = screen.getByRole('dialog', { name: 'Cancel order #HT1?' }).textContent ?? '';
    expect(text).toContain('a return to origin opens');
    expect(text).toContain('when the parcel is received back');
  });

  it('asks which reason a network order’s buyer app is told when it is cancelled, items not available unless the admin picks another', () => {
    const network = { ...order('COD', 'CASH ON DELIVERY'), channel: { kind: 'ondc', buyerApp: 'buyer.app.test', networkOrderId: 'NW-1' } } as unknown as Order;
    const { moves, button } = mover(network);
    fireEvent.click(button('Cancelled'));
    const reason = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Reason told to buyer.app.test' });
    expect(reason.value).toBe('002');
    fireEvent.change(reason, { target: { value: '018' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(moves).toEqual(['CANCELLED:018']);
    cleanup();
    // A shop's own order is asked no reason.
    const own = mover(order('COD', 'CASH ON DELIVERY'));
    fireEvent.click(own.button('Cancelled'));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('asks before Delivered', () => {
    const { moves, button } = mover(order('COD', 'CASH ON DELIVERY'));
    fireEvent.click(button('Delivered'));
    expect(screen.getByRole('dialog', { name: 'Mark order #HT1 delivered?' }).textContent).toContain('cannot be undone');
    expect(moves).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(moves).toEqual(['DELIVERED']);
  });
});
