import { Fragment, useState } from 'react';
import { GSTR1_MAX_DAYS, GSTR1_TABLES, type Gstr1Table } from '@haat/shared/gst/gstr1.schema';
import { OVERVIEW_DOCUMENTS_SHOWN, type OverviewTableTotals } from '@haat/shared/gst/gstr1-overview';
import { useTranslation } from '../../i18n/i18n';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format';
import { QueryState } from '../../lib/query/query-state';
import { useOnlineQuery } from '../../lib/query/query-client';
import { toast } from '../../lib/ui/toast';
import { adminPage } from './components/admin-frame';
import { gstr1OverviewQuery, lastMonth, monthPeriod, type Period } from './books-api';
import { downloadByLink } from './download-link';
import './books.css';

const DAY_MS = 86_400_000;
/** A period the return takes: from before to, at most a quarter (the server says the same: Gstr1Query). */
const periodProblem = (p: Period) =>
  !p.from || !p.to
    ? 'period.missing'
    : p.from > p.to
      ? 'period.backwards'
      : (Date.parse(p.to) - Date.parse(p.from)) / DAY_MS >= GSTR1_MAX_DAYS
        ? 'period.tooLong'
        : null;

/** /dashboard/gst (docs/product.md#gst-return): the month's GSTR-1, each table's totals beside its documents, and its downloads. */
function GstReturn() {
  const { t } = useTranslation('books');
  const [period, setPeriod] = useState(lastMonth);
  const problem = periodProblem(period);
  const overview = useOnlineQuery({ ...gstr1OverviewQuery(period), enabled: problem === null });
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('gst.heading')}</h1>
      </div>
      <p className="books-more">{t('gst.intro')}</p>
      <div className="books-period">
        <label className="books-field">
          {t('period.month')}
          <input type="month" value={period.from.slice(0, 7)} onChange={(e) => e.target.value && setPeriod(monthPeriod(e.target.value))} />
        </label>
        <label className="books-field">
          {t('period.from')}
          <input type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
        </label>
        <label className="books-field">
          {t('period.to')}
          <input type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
        </label>
      </div>
      {problem && (
        <p className="admin-error" role="alert">
          {t(problem, { days: GSTR1_MAX_DAYS })}
        </p>
      )}
      <ReturnDownloads period={period} disabled={problem !== null} />
      {problem === null && (
        <QueryState query={overview} loading={t('gst.loading')} failed={t('gst.failed')}>
          {(data) => <ReturnTables tables={data.tables} />}
        </QueryState>
      )}
    </section>
  );
}

/** The return's downloads: the portal's JSON, or one table as CSV, streamed to disk by a signed link. */
function ReturnDownloads({ period, disabled }: { period: Period; disabled: boolean }) {
  const { t } = useTranslation('books');
  const [table, setTable] = useState<Gstr1Table>('b2b');
  const [busy, setBusy] = useState(false);
  const download = async (csvTable?: Gstr1Table) => {
    setBusy(true);
    try {
      const name = `GSTR1-${period.from}-${period.to}${csvTable ? `-${csvTable}.csv` : '.json'}`;
      const query = { ...period, ...(csvTable ? { format: 'csv', table: csvTable } : { format: 'json' }) };
      await downloadByLink('/api/admin/gst/gstr1', query, name);
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="books-period">
      <button type="button" className="btn btn--small" data-testid="gst-download-json" disabled={busy || disabled} onClick={() => void download()}>
        {t('gst.downloadJson')}
      </button>
      <label className="books-field">
        {t('gst.csvTable')}
        <select value={table} onChange={(e) => setTable(e.target.value as Gstr1Table)}>
          {GSTR1_TABLES.map((x) => (
            <option key={x} value={x}>
              {t(`csv.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        data-testid="gst-download-csv"
        disabled={busy || disabled}
        onClick={() => void download(table)}
      >
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
                  <td colSpan={7}>
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
            {(['number', 'date', 'buyer', 'state', 'total', 'taxable', 'tax'] as const).map((h) => (
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
            </tr>
          ))}
        </tbody>
      </table>
      {x.documentCount > x.documents.length && <p className="books-more">{t('gst.more', { shown: OVERVIEW_DOCUMENTS_SHOWN, count: x.documentCount })}</p>}
    </>
  );
}

export const GstReturnPage = adminPage(GstReturn, 'books:gst.');
