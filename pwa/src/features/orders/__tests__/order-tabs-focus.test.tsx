import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@haat/shared/orders/order.types';
import { groupOrders, OrderTabs } from '../components/order-tabs';

afterEach(cleanup);

const order = (orderId: string, payment_status: Order['payment_status']) => ({ orderId, payment_status }) as Order;

describe('the order tabs opened on one order (a stage notice links to it)', () => {
  it("shows the focused order's tab once the order has loaded, and leaves the tabs to the shopper after", () => {
    const render1 = (orders: Order[]) => (
      <OrderTabs groups={groupOrders(orders)} loading={false} focus="ORD-2" render={(o) => <p key={o.orderId}>{o.orderId}</p>} />
    );
    const { rerender } = render(render1([order('ORD-1', 'CASH ON DELIVERY')]));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('New / Pending (1)');
    rerender(render1([order('ORD-1', 'CASH ON DELIVERY'), order('ORD-2', 'COMPLETED')]));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Delivered (1)');
    expect(screen.getByText('ORD-2')).toBeTruthy();
    screen.getByRole('tab', { name: 'New / Pending (1)' }).click();
    rerender(render1([order('ORD-1', 'CASH ON DELIVERY'), order('ORD-2', 'COMPLETED'), order('ORD-3', 'CASH ON DELIVERY')]));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('New / Pending (2)');
  });
});
