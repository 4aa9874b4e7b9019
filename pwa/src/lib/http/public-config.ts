import type { Envelope } from '@haat/shared/common/envelope';
import { DEFAULT_RETURN_WINDOW_DAYS } from '@haat/shared/orders/return-window';
import { DEMO_SHOP, type ShopIdentity } from '@haat/shared/contact/support-contact';
import { defaultHoldLimits, type HoldLimits } from '@haat/shared/orders/hold-limits';
import { http } from './http';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../query/query-keys';
import { useServerQuery } from '../query/server-query';

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

/** GET /api/config/public: the API's switches and the shop (kept for offline and the next first paint). */
export async function loadPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const answer = await http.get('config/public', { signal, context: { silent: true }, retry: 0 }).json<Envelope<PublicConfig>>();
  if (answer.data?.shop) localStorage.setItem(SHOP_KEY, JSON.stringify(answer.data.shop));
  return { ...unknown(), ...answer.data };
}

/** The public config, read once a page load (a failure is asked again by the next screen that reads it). */
export const publicConfigQuery = () => queryOptions({ queryKey: queryKeys.config(), queryFn: ({ signal }) => loadPublicConfig(signal), staleTime: Infinity });

/** The API's switches and the shop, on the one online-read client (docs/architecture.md#server-reads-pwasrclibquery). */
export function usePublicConfig(): PublicConfig & { known: boolean } {
  const config = useServerQuery(publicConfigQuery()).data;
  return config ? { ...config, known: true } : { ...unknown(), known: false };
}
