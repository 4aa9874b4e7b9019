import type { Envelope } from '@haat/shared/common/envelope';
import { LOW_STOCK_DEFAULT, OVERVIEW_PATH, type AdminOverview } from '@haat/shared/orders/overview';
import { http } from '../../lib/http/http';

/** The admin's overview (the server checks the role); never cached: the figures are of now. */
export const overviewApi = {
  get: async (lowStock: number, signal?: AbortSignal): Promise<AdminOverview> =>
    (await http.get(OVERVIEW_PATH, { cache: 'no-store', signal, searchParams: { lowStock } }).json<Envelope<AdminOverview>>()).data!,
};

/**
 * The low-stock threshold is the admin's own choice, kept on this device (docs/decisions/0022):
 * there is no shop settings table, and the call takes it as a query parameter.
 */
const THRESHOLD_KEY = 'haat.admin.lowStockThreshold';

export function savedThreshold(): number {
  const saved = Number(localStorage.getItem(THRESHOLD_KEY));
  return Number.isInteger(saved) && saved >= 1 ? saved : LOW_STOCK_DEFAULT;
}

export function saveThreshold(value: number): void {
  localStorage.setItem(THRESHOLD_KEY, String(value));
}
