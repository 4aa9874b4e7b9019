import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { saveFile } from '../../../lib/ui/save-file';
import { toast } from '../../../lib/ui/toast';
import { ordersApi } from '../api';

/** Saves a PDF the browser holds as a file named after the document. */
const saveAs = (pdf: Blob, number: string) => saveFile(pdf, `${number.replaceAll('/', '-')}.pdf`);

/** Download links for an order's tax invoice and each of its credit notes, once issued (docs/product.md#tax-invoices). */
export function TaxDocumentLinks({ order }: { order: SavedOrder }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState<string | null>(null);
  const documents = [
    ...(order.invoice
      ? [{ kind: 'invoice' as const, number: order.invoice.number, text: t('downloadInvoice'), label: t('invoiceLabel', { number: order.invoice.number }) }]
      : []),
    // Each credit note (a cancellation's, or each return's), named by its number when there are several.
    ...(order.creditNotes ?? []).map((note, _i, all) => ({
      kind: 'credit-note' as const,
      number: note.number,
      text: all.length > 1 ? t('downloadCreditNoteNumbered', { number: note.number }) : t('downloadCreditNote'),
      label: t('creditNoteLabel', { number: note.number }),
    })),
  ];
  if (documents.length === 0) return null;
  const download = async (kind: 'invoice' | 'credit-note', number: string) => {
    setBusy(number);
    try {
      saveAs(await ordersApi.taxDocument(order.orderId, kind, number), number);
    } catch {
      toast.error(t('failedDownload'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <p className="order-card__documents">
      {documents.map((d) => (
        <button
          key={d.number}
          type="button"
          className="btn btn--ghost btn--small"
          aria-label={d.label}
          disabled={busy === d.number}
          data-testid={`download-${d.kind}`}
          onClick={() => void download(d.kind, d.number)}
        >
          {d.text}
        </button>
      ))}
    </p>
  );
}
