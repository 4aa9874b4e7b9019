import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body as Stripe's library encodes it: `line_items[0][price_data][currency]` → `inr`. */
  form: Record<string, string>;
}

/**
 * A small local stand-in for Stripe's API (only what checkout uses). It records every request,
 * so tests check what our server asked Stripe for; `failNext` makes the next create fail.
 */
export class StripeStandIn {
  readonly calls: StripeCall[] = [];
  failNext = false;
  private server: Server | null = null;
  private readonly sessions = new Map<string, Record<string, unknown>>();
  /** Refunds by idempotency key, as Stripe answers a repeated key with the first result. */
  private readonly refundsByKey = new Map<string, Record<string, unknown>>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(raw));
        const path = (req.url ?? '').split('?')[0] ?? '';
        this.calls.push({ method: req.method ?? '', path, headers: req.headers, form });
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          if (this.failNext) {
            this.failNext = false;
            return reply(400, { error: { type: 'invalid_request_error', message: 'Stand-in refused this session.' } });
          }
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
          return reply(200, session);
        }
        const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
        if (req.method === 'POST' && expire) {
          const session = this.sessions.get(expire[1] as string);
          if (!session) return reply(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
          session.status = 'expired';
          return reply(200, session);
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          const key = String(req.headers['idempotency-key'] ?? '');
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
        reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
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

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
