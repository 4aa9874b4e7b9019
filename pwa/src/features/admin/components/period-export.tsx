import { useState } from 'react';
import type { ExportFormat } from '@haat/shared/books/export.schema';
import { useTranslation } from '../../../i18n/i18n';
import { toast } from '../../../lib/ui/toast';
import { lastMonth } from '../books-api';
import { downloadByLink } from '../download-link';
import '../books.css';

/**
 * The accountant's download of `what` for a period (docs/product.md#exports): the orders with their lines and
 * payments, or the stock ledger, as CSV or Excel; the server streams it and the browser saves it as it comes (a signed
 * link: download-link.ts).
 */
export function PeriodExport({ what }: { what: 'orders' | 'ledger' }) {
  const { t } = useTranslation('books');
  const [period, setPeriod] = useState(lastMonth);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const path = what === 'orders' ? '/api/admin/orders/export' : '/api/admin/stock/ledger';
      await downloadByLink(path, { ...period, format }, `${what === 'orders' ? 'orders' : 'stock-ledger'}-${period.from}-${period.to}.${format}`);
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="books-export" data-testid={`export-${what}`}>
      <legend>{t(`export.${what}`)}</legend>
      <label className="books-field">
        {t('period.from')}
        <input type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
      </label>
      <label className="books-field">
        {t('period.to')}
        <input type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
      </label>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button key={format} type="button" className="btn btn--ghost btn--small" disabled={!valid || busy !== null} onClick={() => void download(format)}>
          {busy === format ? t('export.preparing') : t(`export.${format}`)}
        </button>
      ))}
    </fieldset>
  );
}
