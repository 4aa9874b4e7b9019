import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PartCancellation, PartCancelMoney } from '@haat/shared/orders/part-cancel';
import { setLanguage } from '../../../i18n/i18n';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { withPublicConfigServer } from '../../../test-support/public-config-server';
import { OrderCard } from '../components/order-card';

/** docs/product.md#cancelling-part-of-an-order: the units the shop took off, on the shopper's card and the admin's row. */
const jeera = { productId: 'P1', variantId: 'V1', name: 'Jeera', variantName: '100 g' };
const salt = { productId: 'P3', variantId: null, name: 'Salt', variantName: null };

const cancellation = (money: PartCancelMoney, items: Array<[typeof jeera | typeof salt, number, number]>, amount: number): PartCancellation => ({
  _id: `PC-${money}-${amount}`,
  items: items.map(([item, quantity, paid]) => ({ ...item, quantity, unitPrice: paid / quantity, amount: paid })),
  amount,
  money,
  refundId: money === 'refundCard' ? 're_1' : null,
  createdAt: '2026-11-25T09:00:00.000Z',
});

const anOrder = (partCancellations?: PartCancellation[]): SavedOrder =>
  ({
    _id: 'O1',
    orderId: 'HT1',
    userId: 'u1',
    product_details: [
      {
        productId: 'P1',
        variantId: 'V1',
        variantName: '100 g',
        name: 'Jeera',
        image: [],
        unit: 'pack',
        quantity: 1,
        price: 65,
        discount: 0,
        unitPrice: 65,
        subTotalAmt: 65,
      },
    ],
    statusHistory: [{ status: 'PLACED', updatedAt: new Date().toISOString() }],
    status: 'PLACED',
    returns: [],
    subTotalAmt: 65,
    totalAmt: 65,
    payment_status: 'CASH ON DELIVERY',
    payment_method: 'COD',
    createdAt: new Date().toISOString(),
    partCancellations,
  }) as unknown as SavedOrder;

// The card reads the shop's public settings (the return window) from the API.
withPublicConfigServer();

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

describe('"Not sent" on an order card', () => {
  it('is not there while nothing was taken off', () => {
    render(<OrderCard order={anOrder()} />);
    expect(screen.queryByTestId('order-not-sent')).toBeNull();
    cleanup();
    render(<OrderCard order={anOrder([])} />);
    expect(screen.queryByTestId('order-not-sent')).toBeNull();
  });

  it.each([
    ['lessAtDoor', '₹195.00 less to pay at the door'],
    ['byNetwork', '₹195.00 given back by your buyer app'],
    ['refundCard', '₹195.00 refunded to your card'],
  ] as const)('lists the units taken off and says where the money went: %s', (money, words) => {
    render(
      <OrderCard
        order={anOrder([
          cancellation(money, [[jeera, 2, 130]], 130),
          cancellation(
            money,
            [
              [salt, 1, 20],
              [jeera, 1, 45],
            ],
            65,
          ),
        ])}
      />,
    );
    const section = screen.getByRole('region', { name: 'Not sent' });
    // The same line taken off twice is one line, its units added.
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3 × Jeera (100 g)', '1 × Salt']);
    expect(
      within(section)
        .getAllByTestId('order-not-sent-money')
        .map((p) => p.textContent),
    ).toEqual([words]);
  });

  it('shows on the admin’s row too, and in Hindi', async () => {
    render(
      <OrderCard order={anOrder([cancellation('lessAtDoor', [[salt, 1, 20]], 20)])}>
        <button type="button">Move</button>
      </OrderCard>,
    );
    expect(screen.getByTestId('order-not-sent').textContent).toContain('₹20.00 less to pay at the door');
    await act(() => setLanguage('hi-IN', false));
    const section = screen.getByRole('region', { name: 'नहीं भेजे गए' });
    expect(within(section).getByTestId('order-not-sent-money').textContent).toMatch(/^डिलीवरी पर ₹\s?20\.00 कम चुकाने होंगे$/);
  });
});
