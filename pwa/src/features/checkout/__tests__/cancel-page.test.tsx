import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { HTTPError, type NormalizedOptions } from 'ky';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stashProblemBody } from '../../../lib/http/http-problem';
import { setLanguage } from '../../../i18n/i18n';

vi.mock('../../cart/public', () => ({ reloadCart: () => Promise.resolve() }));

const { checkoutApi } = await import('../api');
const abandonCardPayment = vi.spyOn(checkoutApi, 'abandonCardPayment');
const { CancelPage } = await import('../cancel.page');

const show = (orderId: string) =>
  render(
    <MemoryRouter initialEntries={[`/cancel?orderId=${orderId}`]}>
      <CancelPage />
    </MemoryRouter>,
  );

/** The API's 409 for an order that is not awaiting its card payment, as the HTTP client throws it. */
function notAwaiting(paymentStatus: string, message: string): HTTPError {
  const request = new Request('http://shop.test/api/order/checkout/cancel', { method: 'POST' });
  const error = new HTTPError(new Response(null, { status: 409 }), request, {} as NormalizedOptions);
  stashProblemBody(error, { success: false, code: 'NOT_AWAITING_PAYMENT', message, payment_status: paymentStatus });
  return error;
}

afterEach(() => {
  cleanup();
  abandonCardPayment.mockReset();
});

describe('/cancel?orderId= (back from Stripe unpaid)', () => {
  it('says the order is cancelled once the API cancelled it', async () => {
    abandonCardPayment.mockResolvedValue({ success: true, data: {} } as never);
    show('HTAAAA0001');
    expect(await screen.findByRole('heading', { name: 'Order #HTAAAA0001 Cancelled' })).toBeTruthy();
    expect(abandonCardPayment).toHaveBeenCalledWith('HTAAAA0001');
  });

  it('says a cash-on-delivery order was not paid for and stays placed, never that it was cancelled or paid', async () => {
    abandonCardPayment.mockRejectedValue(
      notAwaiting('CASH ON DELIVERY', 'Order HTAAAA0002 is not awaiting payment: it is paid cash on delivery, so it was not cancelled.'),
    );
    show('HTAAAA0002');
    expect(await screen.findByRole('heading', { name: 'Order #HTAAAA0002 is cash on delivery' })).toBeTruthy();
    expect(screen.getByText('Nothing was paid online, and the order stays placed: you pay in cash when it is delivered.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders');
    expect(screen.queryByText(/Cancelled|awaiting payment|paid cash/)).toBeNull();
    await waitFor(() => expect(document.title).not.toMatch(/cancelled/i));
  });

  it('says so in Hindi too', async () => {
    await setLanguage('hi-IN', false);
    try {
      abandonCardPayment.mockRejectedValue(notAwaiting('CASH ON DELIVERY', 'ऑर्डर HTAAAA0005 पेमेंट के इंतज़ार में नहीं है'));
      show('HTAAAA0005');
      expect(await screen.findByRole('heading', { name: 'ऑर्डर #HTAAAA0005 कैश ऑन डिलीवरी है' })).toBeTruthy();
      expect(screen.getByText('ऑनलाइन कोई पेमेंट नहीं हुआ, और ऑर्डर बना रहेगा: डिलीवरी के समय नकद पेमेंट करें।')).toBeTruthy();
    } finally {
      await setLanguage('en-IN', false);
    }
  });

  it('never claims a paid order was cancelled', async () => {
    const message = 'Order HTAAAA0006 is not awaiting payment: its payment has arrived, so it was not cancelled.';
    abandonCardPayment.mockRejectedValue(notAwaiting('PAID', message));
    show('HTAAAA0006');
    expect(await screen.findByRole('heading', { name: 'This order is not awaiting payment' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByText(/Cancelled/)).toBeNull();
  });

  it('reads an order cancelled earlier (the page opened again) as cancelled', async () => {
    abandonCardPayment.mockRejectedValue(notAwaiting('CANCELLED', 'Order HTAAAA0003 is not awaiting payment: it is already cancelled.'));
    show('HTAAAA0003');
    expect(await screen.findByRole('heading', { name: 'Order #HTAAAA0003 Cancelled' })).toBeTruthy();
  });

  it('without an answer, says the order was not paid rather than cancelled', async () => {
    abandonCardPayment.mockRejectedValue(new TypeError('Failed to fetch'));
    show('HTAAAA0004');
    expect(await screen.findByRole('heading', { name: 'Order #HTAAAA0004 Not Paid' })).toBeTruthy();
  });
});
