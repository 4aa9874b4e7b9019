import type { Envelope } from '@haat/shared/common/envelope';
import type { Gstr1Overview } from '@haat/shared/gst/gstr1-overview';
import type { ExportFormat } from '@haat/shared/books/export.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** A period of days on India's calendar, both included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

/** The books' routes (docs/product.md#gst-return, #exports); the server checks the admin role; never cached. */
export const booksApi = {
  gstr1Overview: async (p: Period, signal?: AbortSignal): Promise<Gstr1Overview> =>
    (await http.get('admin/gst/gstr1/overview', { cache: 'no-store', signal, searchParams: { ...p } }).json<Envelope<Gstr1Overview>>()).data!,
  /** The return as the portal's JSON, or one table as CSV. */
  gstr1File: (p: Period, table?: string): Promise<Blob> =>
    http.get('admin/gst/gstr1', { cache: 'no-store', searchParams: { ...p, ...(table ? { format: 'csv', table } : { format: 'json' }) } }).blob(),
  exportFile: (what: 'orders' | 'ledger', p: Period, format: ExportFormat): Promise<Blob> =>
    http.get(what === 'orders' ? 'admin/orders/export' : 'admin/stock/ledger', { cache: 'no-store', timeout: false, searchParams: { ...p, format } }).blob(),
};

/** A period's GSTR-1 overview, the previous period's kept on screen while this one is read. */
export const gstr1OverviewQuery = (p: Period) =>
  queryOptions({ queryKey: adminKeys.gstr1(p.from, p.to), queryFn: ({ signal }) => booksApi.gstr1Overview(p, signal), placeholderData: keepPreviousData });

/** Last month on India's calendar: the month a return is usually made for. */
export function lastMonth(now = new Date()): Period {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const first = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The month YYYY-MM as a period from its first to its last day. */
export function monthPeriod(month: string): Period {
  const [y, m] = month.split('-').map(Number);
  return { from: `${month}-01`, to: new Date(Date.UTC(y ?? 0, m ?? 1, 0)).toISOString().slice(0, 10) };
}
