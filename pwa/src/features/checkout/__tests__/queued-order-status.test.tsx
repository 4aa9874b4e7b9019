import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { clearUserData } from '../../../lib/storage/user-data';
import { QueuedOrderStatus } from '../components/queued-order-status';

const show = (key: string) =>
  render(
    <MemoryRouter>
      <QueuedOrderStatus queueKey={key} />
    </MemoryRouter>,
  );

beforeEach(() => clearUserData());
afterEach(cleanup);

describe('/success?pending=key', () => {
  it('a key this device never queued is "Order not found", never "Order placed"', async () => {
    show('bogus');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.queryByText('Order placed')).toBeNull();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders');
  });

  it('a queued order still waits for the network', async () => {
    await outboxFacade.enqueue('order.cod', { list_items: [], totalAmt: 0, subTotalAmt: 0, address: 'A1' }, 'K1');
    show('K1');
    expect(await screen.findByRole('heading', { name: /^Waiting for network/ })).toBeTruthy();
  });
});
