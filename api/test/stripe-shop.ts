import Stripe from 'stripe';
import { adminToken, api, startApp, type DbKind, type TestApp } from './harness.js';
import { openShop, type Shop } from './order-fixtures.js';
import { StripeStandIn } from './stripe-stand-in.js';

export const STRIPE_SECRET_KEY = 'sk_test_haat_0123456789';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_haat_0123456789';

export interface StripeShop {
  t: TestApp;
  /** Every request our server made to "Stripe", for the tests to check. */
  stripe: StripeStandIn;
  admin: string;
  shop: Shop;
  close(): Promise<void>;
}

/**
 * The app with card payments on, talking to a local Stripe stand-in instead of Stripe, with the
 * admin signed in and a category to sell in: what every card-checkout suite starts from. `env` adds or
 * overrides the app's environment.
 */
export async function startStripeShop(kind: DbKind, env: Record<string, string> = {}): Promise<StripeShop> {
  const stripe = new StripeStandIn();
  const base = await stripe.start();
  const t = await startApp(kind, {
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: base,
    PUBLIC_URL: 'https://shop.test',
    ...env,
  });
  const admin = await adminToken(t);
  const shop = await openShop(t, admin);
  return {
    t,
    stripe,
    admin,
    shop,
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}

export interface SignedEvent {
  payload: string;
  header: string;
}

let eventCounter = 0;

/** A Checkout event as Stripe sends it, signed with the library's own test-header helper. */
export function signedEvent(type: string, session: Record<string, unknown>, secret = STRIPE_WEBHOOK_SECRET): SignedEvent {
  const payload = JSON.stringify({
    id: `evt_test_${Date.now().toString(36)}${eventCounter++}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', ...session } },
  });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Delivers an event to our webhook as Stripe would: the raw JSON body and its signature header. */
export const postWebhook = (t: TestApp, event: SignedEvent) =>
  api(t).post('/api/order/webhook').set('content-type', 'application/json; charset=utf-8').set('stripe-signature', event.header).send(event.payload);
