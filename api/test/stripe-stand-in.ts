import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { StandIn, type StandInReply } from './stand-in.js';

export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body as Stripe's library encodes it: `line_items[0][price_data][currency]` → `inr`. */
  form: Record<string, string>;
}

/** Stripe's reply: a JSON body with its request id. */
const reply = (status: number, body: unknown): StandInReply => ({ status, body, headers: { 'request-id': `req_${randomBytes(6).toString('hex')}` } });

/**
 * A small local stand-in for Stripe's API (only what checkout uses). It records every request,
 * so tests check what our server asked Stripe for; `failNext` makes the next create fail.
 */
export class StripeStandIn {
  readonly calls: StripeCall[] = [];
  failNext = false;
  private readonly sessions = new Map<string, Record<string, unknown>>();
  private readonly sessionsByKey = new Map<string, Record<string, unknown>>();
  /** Refunds by idempotency key, as Stripe answers a repeated key with the first result. */
  private readonly refundsByKey = new Map<string, Record<string, unknown>>();

  private readonly http = new StandIn(({ method, path, headers, body }) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    this.calls.push({ method, path, headers, form });
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.failNext) {
        this.failNext = false;
        return reply(400, { error: { type: 'invalid_request_error', message: 'Stand-in refused this session.' } });
      }
      // Stripe answers a repeated idempotency key with the session it made the first time.
      const again = this.sessionsByKey.get(String(headers['idempotency-key'] ?? ''));
      if (again) return reply(200, again);
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      let amount = 0;
      for (let i = 0; form[`line_items[${i}][quantity]`]; i++)
        amount += Number(form[`line_items[${i}][price_data][unit_amount]`]) * Number(form[`line_items[${i}][quantity]`]);
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        currency: form.currency,
        amount_total: amount,
        customer_email: form.customer_email,
        client_reference_id: form.client_reference_id,
        metadata: { orderId: form['metadata[orderId]'], userId: form['metadata[userId]'] },
        payment_status: 'unpaid',
        status: 'open',
      };
      this.sessions.set(id, session);
      if (headers['idempotency-key']) this.sessionsByKey.set(String(headers['idempotency-key']), session);
      return reply(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = this.sessions.get(expire[1] as string);
      if (!session) return reply(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
      session.status = 'expired';
      return reply(200, session);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const key = String(headers['idempotency-key'] ?? '');
      const known = key ? this.refundsByKey.get(key) : undefined;
      if (known) return reply(200, known);
      if (!form.payment_intent) return reply(400, { error: { type: 'invalid_request_error', message: 'Missing payment_intent.' } });
      const refund = {
        id: `re_test_${randomBytes(8).toString('hex')}`,
        object: 'refund',
        payment_intent: form.payment_intent,
        status: 'succeeded',
        metadata: { orderId: form['metadata[orderId]'] },
      };
      if (key) this.refundsByKey.set(key, refund);
      return reply(200, refund);
    }
    return reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } });
  });

  start(): Promise<string> {
    return this.http.start();
  }

  session(id: string): Record<string, unknown> | undefined {
    return this.sessions.get(id);
  }

  refunds(): StripeCall[] {
    return this.calls.filter((c) => c.path === '/v1/refunds');
  }

  creates(): StripeCall[] {
    return this.calls.filter((c) => c.path === '/v1/checkout/sessions');
  }

  stop(): Promise<void> {
    return this.http.close();
  }
}
