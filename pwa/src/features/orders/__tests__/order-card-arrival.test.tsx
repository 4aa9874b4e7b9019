import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { setLanguage } from '../../../i18n/i18n';
import { withPublicConfigServer } from '../../../test-support/public-config-server';
import { OrderCard } from '../components/order-card';

/** docs/product.md#delivery: an open express order says when it arrives on India's clock, and says so once it is late. */
const expressOrder = (placedMinutesAgo: number, status = 'PLACED'): SavedOrder => {
  const createdAt = new Date(Date.now() - placedMinutesAgo * 60_000);
  return {
    _id: 'O1',
    orderId: 'ORD-1',
    userId: 'u1',
    product_details: [],
    statusHistory: [{ status, updatedAt: createdAt.toISOString() }],
    status,
    returns: [],
    subTotalAmt: 500,
    totalAmt: 500,
    payment_status: 'CASH ON DELIVERY',
    payment_method: 'COD',
    createdAt: createdAt.toISOString(),
    fulfilment: 'store',
    promise: { kind: 'express', minutes: 10, store: { _id: 'S1', name: 'Koramangala' } },
    dueAt: new Date(createdAt.getTime() + 10 * 60_000).toISOString(),
  } as unknown as SavedOrder;
};

withPublicConfigServer();

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const india = (iso: string, lang: string, words = {}) =>
  new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata', ...words }).format(new Date(iso));

describe("an express order's arrival on its card", () => {
  it("says 'Arriving by' its due time on India's clock while on time", () => {
    const order = expressOrder(3);
    render(<OrderCard order={order} />);
    const line = screen.getByTestId('order-arrival');
    expect(line.textContent).toBe(`Arriving by ${india(order.dueAt!, 'en-IN')}`);
    expect(line.dataset.late).toBe('false');
  });

  it('says it runs late, by the minutes the store queue counts, once past its due time', () => {
    const order = expressOrder(14.5);
    render(<OrderCard order={order} />);
    const line = screen.getByTestId('order-arrival');
    expect(line.textContent).toBe(`Running 5 min late: it was due by ${india(order.dueAt!, 'en-IN')}`);
    expect(line.dataset.late).toBe('true');
  });

  it('says it in Hindi with the time in Hindi words, and not at all once delivered', async () => {
    await setLanguage('hi-IN', false);
    const order = expressOrder(14.5);
    render(<OrderCard order={order} />);
    const text = screen.getByTestId('order-arrival').textContent;
    expect(text).toBe(`5 मिनट की देरी: ${india(order.dueAt!, 'hi-IN', { dayPeriod: 'short' })} तक पहुँचना था`);
    expect(text).not.toMatch(/am|pm/i);
    cleanup();
    render(<OrderCard order={expressOrder(15, 'DELIVERED')} />);
    expect(screen.queryByTestId('order-arrival')).toBeNull();
  });
});
