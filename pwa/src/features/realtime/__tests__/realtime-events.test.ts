import { afterEach, describe, expect, it } from 'vitest';
import type { StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import { setLanguage } from '../../../i18n/i18n';
import { applyOrderStatus, newOrderNotice, newOrdersBadge } from '../realtime-events';

const at = (...stages: StatusHistoryEntry['status'][]): StatusHistoryEntry[] =>
  stages.map((status, i) => ({ status, updatedAt: `2025-01-0${i + 1}T00:00:00.000Z` }));

describe('the New Orders badge text', () => {
  it('names the count, and shows no badge at 0', () => {
    expect(newOrdersBadge(2)).toBe('New Orders: 2');
    expect(newOrdersBadge(0)).toBeNull();
  });
});

describe('newOrderNotice', () => {
  afterEach(() => setLanguage('en-IN', false));

  it('names the order and its total in rupees (en-IN)', () => {
    const notice = newOrderNotice({ orderId: 'ORD-42', totalAmt: 123456.5 });
    expect(notice.title).toBe('New order');
    expect(notice.body).toBe(`Order ORD-42 · ${new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(123456.5)}`);
    expect(notice.url).toBe('/dashboard/myorders');
  });
  // The same words as the API's push to a Hindi admin (api/test/languages.e2e-spec.ts).
  it("is in the admin's language, with the badge (hi-IN)", async () => {
    await setLanguage('hi-IN', false);
    const notice = newOrderNotice({ orderId: 'ORD-42', totalAmt: 123456 });
    expect(notice).toMatchObject({ title: 'नया ऑर्डर', body: 'ऑर्डर ORD-42 · ₹1,23,456.00', orderId: 'ORD-42' });
    expect(newOrdersBadge(3)).toBe('नए ऑर्डर: 3');
  });
});

describe('applyOrderStatus (order-status events)', () => {
  const order = { status: 'PLACED' as const, payment_status: 'CASH ON DELIVERY' as const, statusHistory: at('PLACED') };
  const now = new Date('2025-02-01T10:00:00.000Z');

  it('appends the new stage and takes the server payment status', () => {
    const next = applyOrderStatus(order, { orderId: 'x', status: 'SHIPPED', payment_status: 'CASH ON DELIVERY' }, now);
    expect(next.status).toBe('SHIPPED');
    expect(next.statusHistory.map((h) => h.status)).toEqual(['PLACED', 'SHIPPED']);
    expect(next.statusHistory[1]!.updatedAt).toBe(now.toISOString());
  });
  it('moves a delivered order to COMPLETED (the Delivered tab)', () => {
    const next = applyOrderStatus(order, { orderId: 'x', status: 'DELIVERED', payment_status: 'COMPLETED' }, now);
    expect(next.payment_status).toBe('COMPLETED');
    expect(next.status).toBe('DELIVERED');
  });
  it('answers the same object for a repeated event', () => {
    const once = applyOrderStatus(order, { orderId: 'x', status: 'CONFIRMED', payment_status: 'CASH ON DELIVERY' }, now);
    expect(applyOrderStatus(once, { orderId: 'x', status: 'CONFIRMED', payment_status: 'CASH ON DELIVERY' }, now)).toBe(once);
  });
  it('takes a payment-only change (status null) without a history entry', () => {
    const next = applyOrderStatus(order, { orderId: 'x', status: null, payment_status: 'PAID' }, now);
    expect(next.payment_status).toBe('PAID');
    expect(next.statusHistory).toHaveLength(1);
  });
});
