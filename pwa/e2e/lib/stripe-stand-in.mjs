import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

// The stripe library the API itself uses, for its own webhook test-signature helper.
const Stripe = createRequire(new URL('../../../api/package.json', import.meta.url))('stripe');

/**
 * A small local stand-in for Stripe, for the card checkout journey: the API creates and expires
 * Checkout Sessions here (STRIPE_API_BASE), and the "hosted page" each session's url points to is a
 * tiny HTML page with Pay and Cancel links to the session's success and cancel URLs, as Stripe's would.
 */
export async function startStripeStandIn() {
  const sessions = new Map();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const json = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `${state.url}/c/pay/${id}`,
          success_url: String(form.success_url).replace('{CHECKOUT_SESSION_ID}', id),
          cancel_url: form.cancel_url,
          currency: form.currency,
          customer_email: form.customer_email,
          client_reference_id: form.client_reference_id,
          metadata: { orderId: form['metadata[orderId]'], userId: form['metadata[userId]'] },
          payment_status: 'unpaid',
          status: 'open',
        };
        sessions.set(id, session);
        return json(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === 'POST' && expire && sessions.has(expire[1])) {
        sessions.get(expire[1]).status = 'expired';
        return json(200, sessions.get(expire[1]));
      }
      const hosted = /^\/c\/pay\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && hosted && sessions.has(hosted[1])) {
        const s = sessions.get(hosted[1]);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>Pay Haat</title><h1>Stripe stand-in checkout</h1><p>${s.currency} ${s.customer_email}</p><a href="${s.success_url}">Pay</a> <a href="${s.cancel_url}">Cancel</a>`,
        );
      }
      json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const state = {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    sessions,
    stop: () => new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => server.close(() => resolve())),
  };
  return state;
}

/**
 * A `checkout.session.completed` (or other) event for a session, signed as Stripe signs webhooks; `fields` override
 * the session's (`{ payment_status: 'unpaid' }`: a UPI payment completed but still to approve in the app).
 */
export function signedEvent(type, session, secret, fields = {}) {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        ...session,
        status: type.endsWith('completed') ? 'complete' : session.status,
        payment_status: type.endsWith('completed') || type.endsWith('succeeded') ? 'paid' : session.payment_status,
        ...fields,
      },
    },
  });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
