import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { withPublicConfigServer } from '../../../test-support/public-config-server';
import { OrderCard } from '../components/order-card';

/** docs/product.md#coupons: the order card (My Orders, and the admin's orders with their own controls) shows the code and the discount. */
const anOrder = (coupon: { couponCode?: string | null; discountAmt?: number }): SavedOrder =>
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
        price: 250,
        discount: 0,
        unitPrice: 250,
        subTotalAmt: 500,
      },
    ],
    statusHistory: [{ status: 'PLACED', updatedAt: new Date().toISOString() }],
    returns: [],
    subTotalAmt: 500,
    totalAmt: 450,
    payment_status: 'CASH ON DELIVERY',
    payment_method: 'COD',
    createdAt: new Date().toISOString(),
    ...coupon,
  }) as unknown as SavedOrder;

// The card reads the shop's public settings (the return window) from the API.
withPublicConfigServer();

afterEach(cleanup);

describe("an order card's coupon", () => {
  it('names the code and what it took off, for the shopper and for the admin', () => {
    render(<OrderCard order={anOrder({ couponCode: 'FESTIVE10', discountAmt: 50 })} />);
    // A word joiner keeps the minus sign with its amount when the line wraps.
    expect(screen.getByTestId('order-coupon').textContent).toBe('Coupon FESTIVE10: −\u2060₹50.00');
    cleanup();
    render(
      <OrderCard order={anOrder({ couponCode: 'FESTIVE10', discountAmt: 50 })}>
        <button type="button">Move stage</button>
      </OrderCard>,
    );
    expect(screen.getByTestId('order-coupon').textContent).toBe('Coupon FESTIVE10: −\u2060₹50.00');
  });

  it('shows no coupon line on an order without one', () => {
    render(<OrderCard order={anOrder({ couponCode: null, discountAmt: 0 })} />);
    expect(screen.queryByTestId('order-coupon')).toBeNull();
  });
});
