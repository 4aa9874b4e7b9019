import { Fragment, useState } from 'react';
import { GSTR1_CSV_FILES, csvFileQuery, type Gstr1CsvFile } from '@haat/shared/gst/gstr1.schema';
import type { OverviewDocument } from '@haat/shared/gst/gstr1-overview';
import { OVERVIEW_DOCUMENTS_SHOWN, type OverviewTableTotals } from '@haat/shared/gst/gstr1-overview';
import { useTranslation } from '../../i18n/i18n';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format';
import { QueryState } from '../../lib/query/query-state';
import { useOnlineQuery } from '../../lib/query/query-client';
import { toast } from '../../lib/ui/toast';
import { adminPage } from './components/admin-frame';
import { booksApi, gstr1OverviewQuery, lastMonth, monthPeriod, quarterPeriod } from './books-api';
import { downloadByLink } from './download-link';
import { TaxFilingPanel } from './components/tax-filing-panel';
import { saveFile } from '../../lib/ui/save-file';
import './books.css';

/** /dashboard/gst (docs/product.md#gst-return): the month's GSTR-1, each table's totals beside its documents, and its downloads. */
function GstReturn() {
  const { t } = useTranslation('books');
  // A return is for a month, or a quarter under quarterly filing (the server takes nothing else: Gstr1Query).
  const [month, setMonth] = useState(() => lastMonth().from.slice(0, 7));
  const [quarter, setQuarter] = useState(false);
  const period = quarter ? quarterPeriod(month) : monthPeriod(month);
  const overview = useOnlineQuery(gstr1OverviewQuery(period));
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('gst.heading')}</h1>
      </div>
      <p className="books-more">{t('gst.intro')}</p>
      <div className="books-period">
        <label className="books-field">
          {t('period.month')}
          <input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
        </label>
        <label className="books-field books-field--inline">
          <input type="checkbox" checked={quarter} data-testid="gst-quarter" onChange={(e) => setQuarter(e.target.checked)} />
          {t('period.quarter')}
        </label>
      </div>
      {quarter && <p className="books-more">{t('period.quarterOf', { from: formatDate(period.from), to: formatDate(period.to) })}</p>}
      <ReturnDownloads period={period} />
      <QueryState query={overview} loading={t('gst.loading')} failed={t('gst.failed')}>
        {(data) => <ReturnTables tables={data.tables} />}
      </QueryState>
      <TaxFilingPanel />
    </section>
  );
}

/** The return's downloads: the portal's JSON, or one table as CSV, streamed to disk by a signed link. */
function ReturnDownloads({ period }: { period: { from: string; to: string } }) {
  const { t } = useTranslation('books');
  const [file, setFile] = useState<Gstr1CsvFile>('b2b');
  const [busy, setBusy] = useState(false);
  const download = async (csvFile?: Gstr1CsvFile) => {
    setBusy(true);
    try {
      const name = `GSTR1-${period.from}-${period.to}${csvFile ? `-${csvFile}.csv` : '.json'}`;
      const query = { ...period, ...(csvFile ? { format: 'csv', ...csvFileQuery(csvFile) } : { format: 'json' }) };
      await downloadByLink('/api/admin/gst/gstr1', query, name);
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="books-period">
      <button type="button" className="btn btn--small" data-testid="gst-download-json" disabled={busy} onClick={() => void download()}>
        {t('gst.downloadJson')}
      </button>
      <label className="books-field">
        {t('gst.csvTable')}
        <select value={file} onChange={(e) => setFile(e.target.value as Gstr1CsvFile)}>
          {GSTR1_CSV_FILES.map((x) => (
            <option key={x} value={x}>
              {t(`csv.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--ghost btn--small" data-testid="gst-download-csv" disabled={busy} onClick={() => void download(file)}>
        {t('gst.downloadCsv')}
      </button>
    </div>
  );
}

const MONEY = ['txval', 'iamt', 'camt', 'samt'] as const;
// The documents summary has no amounts; the nil table (0 % sales) a value and no tax: those cells show a dash.

/** The return's tables, one row each with its totals; a row opens to list the invoices and credit notes it is made from. */
function ReturnTables({ tables }: { tables: OverviewTableTotals[] }) {
  const { t } = useTranslation('books');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table books-table" data-testid="gst-tables">
        <caption className="books-more">{t('gst.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('column.table')}</th>
            <th scope="col" className="books-num">
              {t('column.rows')}
            </th>
            {MONEY.map((m) => (
              <th key={m} scope="col" className="books-num">
                {t(`column.${m}`)}
              </th>
            ))}
            <th scope="col">{t('column.documents')}</th>
          </tr>
        </thead>
        <tbody>
          {tables.map((x) => (
            <Fragment key={x.table}>
              <tr data-testid="gst-table-row" data-table={x.table}>
                <th scope="row">{t(`table.${x.table}`)}</th>
                <td className="books-num">{formatNumber(x.rows)}</td>
                {MONEY.map((m) => (
                  <td key={m} className="books-num" data-testid={`gst-${m}`}>
                    {x.table === 'doc_issue' || (x.table === 'nil' && m !== 'txval') ? '—' : formatMoney(x[m])}
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small books-toggle"
                    aria-expanded={open === x.table}
                    aria-controls={`gst-docs-${x.table}`}
                    disabled={x.documentCount === 0}
                    onClick={() => setOpen(open === x.table ? null : x.table)}
                  >
                    {t('gst.documents', { count: x.documentCount })}
                  </button>
                </td>
              </tr>
              {open === x.table && (
                <tr className="books-docs" id={`gst-docs-${x.table}`}>
                  <td colSpan={8}>
                    <Documents of={x} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Documents({ of: x }: { of: OverviewTableTotals }) {
  const { t } = useTranslation('books');
  return (
    <>
      <table data-testid="gst-documents">
        <thead>
          <tr>
            {(['number', 'date', 'buyer', 'state', 'total', 'taxable', 'tax', 'pdf'] as const).map((h) => (
              <th key={h} scope="col">
                {t(`doc.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {x.documents.map((d) => (
            <tr key={d.number} data-testid="gst-document">
              <td>
                {d.number}
                <br />
                <small>{t(`kind.${d.kind}`)}</small>
              </td>
              <td>{formatDate(d.date)}</td>
              <td>
                {d.buyer}
                {d.gstin && (
                  <>
                    <br />
                    <small>{t('doc.gstin', { gstin: d.gstin })}</small>
                  </>
                )}
              </td>
              <td>{d.state}</td>
              <td className="books-num">{formatMoney(d.total)}</td>
              <td className="books-num">{formatMoney(d.taxable)}</td>
              <td className="books-num">{formatMoney(d.tax)}</td>
              <td>
                <DocumentPdf document={d} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {x.documentCount > x.documents.length && <p className="books-more">{t('gst.more', { shown: OVERVIEW_DOCUMENTS_SHOWN, count: x.documentCount })}</p>}
    </>
  );
}

/** Downloads one of the return's documents, an invoice or a credit note by its number, as its PDF. */
function DocumentPdf({ document: d }: { document: OverviewDocument }) {
  const { t } = useTranslation('books');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      saveFile(await booksApi.documentPdf(d), `${d.number.replaceAll('/', '-')}.pdf`);
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      data-testid="gst-document-pdf"
      aria-label={t('doc.pdfOf', { number: d.number })}
      disabled={busy}
      onClick={() => void save()}
    >
      {t('doc.pdf')}
    </button>
  );
}

export const GstReturnPage = adminPage(GstReturn, 'books:gst.');
