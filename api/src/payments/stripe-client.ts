import Stripe from 'stripe';
import type { AppConfig } from '../config/config.js';

export const STRIPE = Symbol('STRIPE');
/** The Stripe client, or null when STRIPE_SECRET_KEY is unset (Pay Online then answers 503). */
export type StripeClient = Stripe | null;

/**
 * STRIPE_API_BASE (tests only) points the same client at a local stand-in: host, port and
 * protocol are the library's own options, so the production code path is unchanged.
 */
export function createStripeClient(config: Pick<AppConfig, 'stripeSecretKey' | 'stripeApiBase'>): StripeClient {
  if (!config.stripeSecretKey) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Haat' } };
  if (config.stripeApiBase) {
    const base = new URL(config.stripeApiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = base.hostname;
    options.port = base.port ? Number(base.port) : protocol === 'http' ? 80 : 443;
  }
  return new Stripe(config.stripeSecretKey, options);
}
