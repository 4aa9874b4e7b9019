import { useEffect, useState } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import { DEFAULT_RETURN_WINDOW_DAYS } from '@haat/shared/orders/return-window';
import { defaultHoldLimits, type HoldLimits } from '@haat/shared/orders/hold-limits';
import { http } from './http';

export interface PublicConfig {
  googleClientId: string | null;
  paymentsEnabled: boolean;
  /** The hosted checkout offers UPI (docs/decisions/0051-card-payments-and-refunds.md). */
  upi: boolean;
  /** Order updates on WhatsApp can be asked for (docs/decisions/0282-order-updates-on-whatsapp.md). */
  whatsapp: boolean;
  /** Days after delivery a return may be asked for (docs/product.md#returns). */
  returnWindowDays: number;
  /** Units an account may hold in unpaid orders, verified or not (docs/decisions/0003-purchase-limits.md). */
  holdLimits: HoldLimits;
}

/** Unknown until the API answers (offline): no Google button, card payments treated as unavailable, the default return window and hold limits. */
const unknown = (): PublicConfig => ({
  googleClientId: null,
  paymentsEnabled: false,
  upi: false,
  whatsapp: false,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  holdLimits: defaultHoldLimits(),
});

let pending: Promise<PublicConfig> | null = null;

/** GET /api/config/public once per page load; a failure is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  // Started inside the promise: a request that cannot even be made (no origin to resolve against) is a failure like any other, not a throw.
  pending ??= Promise.resolve()
    .then(() => http.get('config/public', { context: { silent: true }, retry: 0 }).json<Envelope<PublicConfig>>())
    .then((answer) => ({ ...unknown(), ...answer.data }))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** The API's feature switches; `known` is false until they arrived. */
export function usePublicConfig(): PublicConfig & { known: boolean } {
  const [config, setConfig] = useState<PublicConfig & { known: boolean }>(() => ({ ...unknown(), known: false }));
  useEffect(() => {
    let live = true;
    loadPublicConfig()
      .then((c) => live && setConfig({ ...c, known: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return config;
}
