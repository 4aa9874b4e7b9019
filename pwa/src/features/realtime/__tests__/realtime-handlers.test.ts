import { describe, expect, it, vi } from 'vitest';
import { createRealtimeHandlers, type RealtimeDeps } from '../realtime-handlers';

const depsFor = (admin: boolean): RealtimeDeps => ({
  isAdmin: () => admin,
  countNewOrder: vi.fn(),
  refreshAdminOrders: vi.fn(),
  notifyNewOrder: vi.fn(),
  updateStoredOrder: vi.fn(),
  reloadShopperOrders: vi.fn(),
  askPromisesAgain: vi.fn(),
});

describe('socket event handling', () => {
  it('an admin counts a new order, reloads the admin list and is notified', () => {
    const deps = depsFor(true);
    const event = { orderId: 'ORD-1', totalAmt: 499, committedAt: 1 };
    createRealtimeHandlers(deps)['new-order'](event);
    expect(deps.countNewOrder).toHaveBeenCalledOnce();
    expect(deps.refreshAdminOrders).toHaveBeenCalledOnce();
    expect(deps.notifyNewOrder).toHaveBeenCalledWith(event);
  });
  it('a customer ignores new-order (the server never sends it to them anyway)', () => {
    const deps = depsFor(false);
    createRealtimeHandlers(deps)['new-order']({ orderId: 'ORD-1', totalAmt: 499, committedAt: 1 });
    expect(deps.countNewOrder).not.toHaveBeenCalled();
    expect(deps.notifyNewOrder).not.toHaveBeenCalled();
  });
  it('order-status updates the stored order; for an admin it also reloads the admin list', () => {
    const event = { orderId: 'ORD-1', status: 'SHIPPED' as const, payment_status: 'CASH ON DELIVERY' as const };
    const customer = depsFor(false);
    createRealtimeHandlers(customer)['order-status'](event);
    expect(customer.updateStoredOrder).toHaveBeenCalledWith(event);
    expect(customer.refreshAdminOrders).not.toHaveBeenCalled();
    // A cancelled express order's units went back to its store: the promises on screen are asked again.
    expect(customer.askPromisesAgain).toHaveBeenCalledOnce();
    const admin = depsFor(true);
    createRealtimeHandlers(admin)['order-status'](event);
    expect(admin.refreshAdminOrders).toHaveBeenCalledOnce();
  });
  it("on every connect, first or again after a drop, what changed meanwhile is read again: the admin list, or the shopper's orders", () => {
    const customer = depsFor(false);
    const handlers = createRealtimeHandlers(customer);
    handlers.connect();
    handlers.connect();
    expect(customer.reloadShopperOrders).toHaveBeenCalledTimes(2);
    expect(customer.refreshAdminOrders).not.toHaveBeenCalled();
    const admin = depsFor(true);
    createRealtimeHandlers(admin).connect();
    expect(admin.refreshAdminOrders).toHaveBeenCalledOnce();
    expect(admin.reloadShopperOrders).not.toHaveBeenCalled();
  });
});
