import type { Envelope } from '@haat/shared/common/envelope';
import type { Gstr1Overview } from '@haat/shared/gst/gstr1-overview';
import type { TaxFiling } from '@haat/shared/gst/tax-filing';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** A period of days on India's calendar, both included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

/**
 * The books' reads (docs/product.md#gst-return); the server checks the admin role; never cached. Their files download
 * through download-link.ts.
 */
export const booksApi = {
  gstr1Overview: async (p: Period, signal?: AbortSignal): Promise<Gstr1Overview> =>
    (await http.get('admin/gst/gstr1/overview', { cache: 'no-store', signal, searchParams: { ...p } }).json<Envelope<Gstr1Overview>>()).data!,
  /** The products to file before they are sold again, and the rate moves of 22 September 2025 (docs/product.md#tax-invoices). */
  taxFiling: async (signal?: AbortSignal): Promise<TaxFiling> =>
    (await http.get('admin/gst/tax-filing', { cache: 'no-store', signal }).json<Envelope<TaxFiling>>()).data!,
  /** An invoice, or a credit note by its number, as a PDF (an admin reads any order's). */
  documentPdf: (d: { orderId: string; kind: 'invoice' | 'credit_note'; number: string }): Promise<Blob> =>
    http
      .get(`order/${encodeURIComponent(d.orderId)}/${d.kind === 'invoice' ? 'invoice' : 'credit-note'}`, {
        headers: { accept: 'application/pdf' },
        ...(d.kind === 'credit_note' ? { searchParams: { number: d.number } } : {}),
        context: { silent: true },
      })
      .blob(),
};

/** The catalogue's tax filing, read when the month-end screen opens. */
export const taxFilingQuery = () => queryOptions({ queryKey: adminKeys.taxFiling(), queryFn: ({ signal }) => booksApi.taxFiling(signal) });

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

/** The quarter (April–June, July–September, October–December, January–March) the month YYYY-MM is in, as a period. */
export function quarterPeriod(month: string): Period {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = m - ((m - 1) % 3);
  const from = `${y}-${String(first).padStart(2, '0')}-01`;
  return { from, to: new Date(Date.UTC(y, first + 2, 0)).toISOString().slice(0, 10) };
}

/** The month YYYY-MM as a period from its first to its last day. */
export function monthPeriod(month: string): Period {
  const [y, m] = month.split('-').map(Number);
  return { from: `${month}-01`, to: new Date(Date.UTC(y ?? 0, m ?? 1, 0)).toISOString().slice(0, 10) };
}
