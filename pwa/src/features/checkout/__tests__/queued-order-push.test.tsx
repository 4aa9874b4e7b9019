import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { db } from '../../../lib/storage/db';
import { clearUserData } from '../../../lib/storage/user-data';
import { setLanguage } from '../../../i18n/i18n';
import { SuccessPage } from '../success.page';

// jsdom has no Web Push: the browser's objects as a browser that has never been asked has them (permission
// "default", no subscription), so the page's own push code decides what to show.
const had = { PushManager: 'PushManager' in window, Notification: 'Notification' in window };
beforeAll(() => {
  Object.assign(window, { PushManager: class {}, Notification: { permission: 'default' } });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(null) } }) },
  });
});
afterAll(() => {
  if (!had.PushManager) delete (window as { PushManager?: unknown }).PushManager;
  if (!had.Notification) delete (window as { Notification?: unknown }).Notification;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});
beforeEach(() => clearUserData());
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const show = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/success" element={<SuccessPage />} />
      </Routes>
    </MemoryRouter>,
  );

const placedOffline = (orderId: string, clientKey: string) => db.orders.put({ orderId, clientKey, createdAt: new Date().toISOString() } as SavedOrder);

describe('/success offers order-stage notices (docs/product.md#order-stage-notices)', () => {
  it('after an order placed online', async () => {
    show('/success?order=ORD-1');
    expect(await screen.findByRole('button', { name: 'Tell me when my order moves' })).toBeTruthy();
    // Plain English, not "Order Successfully".
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order placed');
  });

  it('after an order placed offline, once it has been sent and has its id', async () => {
    await placedOffline('ORD-2', 'K2');
    show('/success?pending=K2');
    expect(await screen.findByTestId('order-id')).toBeTruthy();
    expect(screen.getByTestId('order-id').textContent).toContain('ORD-2');
    expect(await screen.findByRole('button', { name: 'Tell me when my order moves' })).toBeTruthy();
  });

  it('in Hindi too', async () => {
    await setLanguage('hi-IN', false);
    await placedOffline('ORD-3', 'K3');
    show('/success?pending=K3');
    expect(await screen.findByTestId('order-id')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'ऑर्डर आगे बढ़े तो मुझे बताएँ' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ऑर्डर हो गया');
  });
});
