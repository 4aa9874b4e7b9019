import { describe, expect, it } from 'vitest';
import { paymentStatusWords, paymentSummary } from '../components/payment-summary';

describe('how an order card says the payment', () => {
  it('says cash on delivery once, and the status in words, never the stored codes', () => {
    expect(paymentSummary({ payment_method: 'COD', payment_status: 'CASH ON DELIVERY' })).toBe('Cash on delivery');
    expect(paymentSummary({ payment_method: 'COD', payment_status: 'COMPLETED' })).toBe('Cash on delivery · Completed');
    expect(paymentSummary({ payment_method: 'CARD', payment_status: 'PAID' })).toBe('Paid online');
    expect(paymentSummary({ payment_method: 'CARD', payment_status: 'CANCELLED' })).toBe('Paid online · Cancelled');
    expect(paymentStatusWords('AWAITING_PAYMENT')).toBe('Awaiting payment');
  });

  it('tells a shopper whose UPI app has the payment to approve it to wait for it', () => {
    expect(paymentSummary({ payment_method: 'CARD', payment_status: 'AWAITING_PAYMENT' })).toBe('Paid online · Awaiting payment');
    expect(paymentSummary({ payment_method: 'CARD', payment_status: 'AWAITING_PAYMENT', payment_processing: true })).toBe(
      'Paid online · Waiting for your UPI app',
    );
    expect(paymentSummary({ payment_method: 'CARD', payment_status: 'PAID', payment_processing: true })).toBe('Paid online');
  });
});
