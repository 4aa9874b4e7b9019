import type { Envelope } from '@haat/shared/common/envelope';
import {
  ADJUST_STOCK_PATH,
  LOW_STOCK_DEFAULT,
  LOW_STOCK_PATH,
  OVERVIEW_PATH,
  type AdjustStockBody,
  type AdminOverview,
  type LowStockPage,
} from '@haat/shared/orders/overview';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** The admin's overview (the server checks the role); never cached: the figures are of now. */
export const overviewApi = {
  get: async (lowStock: number, signal?: AbortSignal): Promise<AdminOverview> =>
    (await http.get(OVERVIEW_PATH, { cache: 'no-store', signal, searchParams: { lowStock } }).json<Envelope<AdminOverview>>()).data!,
  /** A page of the low-stock list: running low first, then sold out, both counted in full. */
  lowStock: async (lowStock: number, page: number, signal?: AbortSignal): Promise<LowStockPage> =>
    (await http.get(LOW_STOCK_PATH, { cache: 'no-store', signal, searchParams: { lowStock, page } }).json<Envelope<LowStockPage>>()).data!,
  /** One unit's stock, with the figure the list loaded (docs/decisions/0208-bare-stock-figures.md); its refusals are shown beside the figure, not as a toast. */
  adjustStock: async (body: AdjustStockBody): Promise<{ available: number }> =>
    (await http.post(ADJUST_STOCK_PATH, { json: body, context: { silent: true } }).json<Envelope<{ available: number }>>()).data!,
};

/** The overview at a low-stock threshold, the previous threshold's figures kept on screen while these are on their way. */
export const overviewQuery = (threshold: number) =>
  queryOptions({
    queryKey: adminKeys.overview(threshold),
    queryFn: ({ signal }) => overviewApi.get(threshold, signal),
    placeholderData: keepPreviousData,
  });

/** A later page of the low stock (page 1 is the overview's own); a page emptied by restocking steps back to the last one there is. */
export const lowStockQuery = (threshold: number, page: number) =>
  queryOptions({
    queryKey: adminKeys.lowStock(threshold, page),
    queryFn: async ({ signal }) => {
      const answer = await overviewApi.lowStock(threshold, page, signal);
      const last = Math.max(1, Math.ceil(answer.total / answer.limit));
      return answer.items.length === 0 && page > last ? { ...(await overviewApi.lowStock(threshold, last, signal)), page: last } : { ...answer, page };
    },
    placeholderData: keepPreviousData,
  });

/** The low-stock threshold is the admin's own choice, kept on this device (docs/decisions/0022). */
const THRESHOLD_KEY = 'haat.admin.lowStockThreshold';

export function savedThreshold(): number {
  const saved = Number(localStorage.getItem(THRESHOLD_KEY));
  return Number.isInteger(saved) && saved >= 1 ? saved : LOW_STOCK_DEFAULT;
}

export function saveThreshold(value: number): void {
  localStorage.setItem(THRESHOLD_KEY, String(value));
}

/** One unit's stock adjusted (an online write, lib/query/server-write.ts); the row says a refusal beside the figure. */
export const adjustStockWrite = () => mutationOptions({ mutationFn: overviewApi.adjustStock });
