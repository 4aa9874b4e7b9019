import type { Envelope } from '@haat/shared/common/envelope';
import { DEFAULT_RETURN_WINDOW_DAYS } from '@haat/shared/orders/return-window';
import { DEMO_SHOP, type ShopIdentity } from '@haat/shared/contact/support-contact';
import { defaultHoldLimits, type HoldLimits } from '@haat/shared/orders/hold-limits';
import { http } from './http';
import { useServerRefresh } from '../storage/use-server-refresh';

export interface PublicConfig {
  googleClientId: string | null;
  paymentsEnabled: boolean;
  /** The hosted checkout offers UPI (docs/decisions/0051-card-payments-and-refunds.md). */
  upi: boolean;
  /** Order updates on WhatsApp can be asked for (docs/decisions/0282-order-updates-on-whatsapp.md). */
  whatsapp: boolean;
  /** Days after delivery a return may be asked for (docs/product.md#returns). */
  returnWindowDays: number;
  /** Who the shop is, from the API's settings (docs/decisions/0300-one-shop-identity.md). */
  shop: ShopIdentity;
  /** Units an account may hold in unpaid orders, verified or not (docs/decisions/0003-purchase-limits.md). */
  holdLimits: HoldLimits;
}

const SHOP_KEY = 'haat.shop';

/** The shop as the API last named it (kept for offline and the next first paint), else the demo shop the API defaults to. */
function lastKnownShop(): ShopIdentity {
  try {
    const kept = JSON.parse(localStorage.getItem(SHOP_KEY) ?? 'null') as ShopIdentity | null;
    if (kept?.address) return kept;
  } catch {
    // Unreadable storage: the defaults.
  }
  return DEMO_SHOP;
}

/** Until the API answers: no Google, no card payments, the default limits and the last-known shop. */
const unknown = (): PublicConfig => ({
  googleClientId: null,
  paymentsEnabled: false,
  upi: false,
  whatsapp: false,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  shop: lastKnownShop(),
  holdLimits: defaultHoldLimits(),
});

let pending: Promise<PublicConfig> | null = null;
/** The answer once it came: a screen opened after it draws with it at once. */
let answered: PublicConfig | null = null;

/** GET /api/config/public once per page load; a failure is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  // Started inside a promise: a request that cannot even be made (no origin to resolve against) is a failure like any other.
  pending ??= Promise.resolve()
    .then(() => http.get('config/public', { context: { silent: true }, retry: 0 }).json<Envelope<PublicConfig>>())
    .then((answer) => {
      if (answer.data?.shop) localStorage.setItem(SHOP_KEY, JSON.stringify(answer.data.shop));
      answered = { ...unknown(), ...answer.data };
      return answered;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** The API's switches and the shop, refreshed through the device layer's hook (docs/architecture.md "The PWA's data layer"). */
export function usePublicConfig(): PublicConfig & { known: boolean } {
  const config = useServerRefresh('public-config', loadPublicConfig).answer ?? answered;
  return config ? { ...config, known: true } : { ...unknown(), known: false };
}
