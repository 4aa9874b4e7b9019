import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { setLanguage } from '../../../i18n/i18n';
import { withPublicConfigServer } from '../../../test-support/public-config-server';
import { OrderCard } from '../components/order-card';

/** docs/product.md#store-pickup: a pickup order's card names its store and hours, and once ready its code; never a delivery date. */
const pickupOrder = (status: string, code?: string): SavedOrder => {
  const createdAt = new Date(Date.now() - 60 * 60_000);
  return {
    _id: 'O1',
    orderId: 'ORD-1',
    userId: 'u1',
    product_details: [],
    statusHistory: [
      { status: 'PLACED', updatedAt: createdAt.toISOString() },
      ...(status === 'PLACED' ? [] : [{ status, updatedAt: new Date().toISOString() }]),
    ],
    status,
    returns: [],
    subTotalAmt: 500,
    totalAmt: 500,
    payment_status: status === 'DELIVERED' ? 'COMPLETED' : 'CASH ON DELIVERY',
    payment_method: 'COD',
    createdAt: createdAt.toISOString(),
    fulfilment: 'pickup',
    promise: null,
    expectedDeliveryBy: null,
    delivery_address: { pincode: '560038', state: 'Karnataka' },
    pickup: {
      storeId: 'S1',
      store: {
        _id: 'S1',
        name: 'Indiranagar',
        address: '100 Feet Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
        opensAt: '08:30',
        closesAt: '22:00',
      },
      ...(code ? { code, collectBy: new Date(Date.now() + 3 * 86_400_000).toISOString() } : {}),
    },
  } as unknown as SavedOrder;
};

withPublicConfigServer();

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

describe('a pickup order on its card', () => {
  it('names the store, its address and hours, and no delivery date, before it is ready', () => {
    render(<OrderCard order={pickupOrder('PLACED')} />);
    const note = screen.getByTestId('order-pickup');
    expect(note.textContent).toContain('Pick up at Indiranagar');
    expect(note.textContent).toContain('100 Feet Road, Bengaluru, Karnataka 560038');
    expect(screen.getByTestId('pickup-hours').textContent).toContain('Open 08:30–22:00');
    expect(note.textContent).toContain('We will tell you when it is ready');
    expect(screen.queryByTestId('pickup-code')).toBeNull();
    expect(screen.queryByTestId('order-expected')).toBeNull();
    screen.getByText('Cash at the store');
  });

  it('shows the code and the day to collect by once ready, in Hindi too, and not once handed over', async () => {
    const { unmount } = render(<OrderCard order={pickupOrder('READY_FOR_PICKUP', '0421')} />);
    expect(screen.getByTestId('pickup-code').textContent).toContain('0421');
    expect(screen.getByTestId('pickup-collect-by').textContent).toMatch(/^Collect by /);
    unmount();
    await setLanguage('hi-IN', false);
    render(<OrderCard order={pickupOrder('READY_FOR_PICKUP', '0421')} />);
    screen.getByText('आपका पिकअप कोड');
    expect(screen.getByTestId('order-pickup').textContent).toContain('Indiranagar से लें');
    cleanup();
    render(<OrderCard order={pickupOrder('DELIVERED', '0421')} />);
    expect(screen.queryByTestId('pickup-code')).toBeNull();
  });
});
