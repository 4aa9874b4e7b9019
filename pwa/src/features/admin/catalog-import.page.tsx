import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ImportFormat, ImportProblem, ImportReport } from '@haat/shared/catalog/catalog-import';
import { useTranslation } from '../../i18n/i18n';
import { useOnlineQuery } from '../../lib/query/query-client';
import { useServerWrite } from '../../lib/query/server-write';
import { FormRefusal, useFormRefusal } from '../../lib/ui/form-refusal';
import { saveFile } from '../../lib/ui/save-file';
import { toast } from '../../lib/ui/toast';
import { adminPage } from './components/admin-frame';
import { bulkApi, catalogImportJobQuery, catalogImportWrite } from './catalog-import-api';
import { downloadByLink } from './download-link';
import './catalog-import.css';

const FIELDS = ['file', 'pictures'] as const;

function Downloads() {
  const { t } = useTranslation('catalogImport');
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (what: 'export' | 'import/template', format: ImportFormat) => {
    setBusy(`${what}.${format}`);
    try {
      // The catalogue streams to disk by a signed link (it can be 100,000 rows); the template is a few rows.
      if (what === 'export') await downloadByLink('/api/admin/catalog/export', { format }, `catalogue-${new Date().toISOString().slice(0, 10)}.${format}`);
      else saveFile(await bulkApi.file(`admin/catalog/${what}?format=${format}`), `catalogue-template.${format}`);
    } catch {
      toast.error(t('downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  const button = (what: 'export' | 'import/template', format: ImportFormat, label: string) => (
    <button
      type="button"
      className="btn btn--small"
      data-testid={`catalog-${what.replace('import/', '')}-${format}`}
      disabled={busy !== null}
      onClick={() => void download(what, format)}
    >
      {busy === `${what}.${format}` ? t('downloading') : label}
    </button>
  );
  return (
    <div className="catalog-bulk__downloads">
      {button('export', 'csv', t('exportCsv'))}
      {button('export', 'xlsx', t('exportXlsx'))}
      {button('import/template', 'csv', t('templateCsv'))}
      {button('import/template', 'xlsx', t('templateXlsx'))}
    </div>
  );
}

/**
 * Counts and problems of a dry run or a job, in rows so they add up to the file's rows: each row is new, changed,
 * unchanged, a conflict, left out (another row of its product failed) or has errors; the errors' cells are listed below.
 */
function Report({ report, finished = true }: { report: ImportReport; finished?: boolean }) {
  const { t } = useTranslation('catalogImport');
  const counts = ['creates', 'updates', 'unchanged', 'conflicts', 'skipped'] as const;
  const sorted = counts.reduce((n, k) => n + report[k], 0);
  return (
    <>
      <dl className="catalog-bulk__counts" data-testid="catalog-import-counts">
        <div data-testid="catalog-import-total">
          <dt>{t('count.total')}</dt>
          <dd>{report.total}</dd>
        </div>
        {counts.map((k) => (
          <div key={k} data-testid={`catalog-import-${k}`}>
            <dt>{t(`count.${k}`)}</dt>
            <dd>{report[k]}</dd>
          </div>
        ))}
        {/* While a job runs, rows not yet reached are not rows with errors. */}
        {finished && (
          <div data-testid="catalog-import-errorRows">
            <dt>{t('count.errorRows')}</dt>
            <dd>{Math.max(report.total - sorted, 0)}</dd>
          </div>
        )}
      </dl>
      {report.errorCount > 0 && <p data-testid="catalog-import-errorCount">{t('problems', { count: report.errorCount, n: report.errorCount })}</p>}
      <Problems list={report.errors} caption={t('errorsCaption')} testId="catalog-import-errors" />
      <Problems list={report.conflictRows} caption={t('conflictsCaption')} testId="catalog-import-conflicts" />
      {report.errorCount > report.errors.length && <p>{t('moreErrors', { n: report.errorCount - report.errors.length })}</p>}
    </>
  );
}

function Problems({ list, caption, testId }: { list: ImportProblem[]; caption: string; testId: string }) {
  const { t } = useTranslation('catalogImport');
  if (list.length === 0) return null;
  return (
    <div className="catalog-bulk__table">
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('column.row')}</th>
            <th scope="col">{t('column.column')}</th>
            <th scope="col">{t('column.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((p, i) => (
            <tr key={`${p.row}-${p.column}-${i}`}>
              <td>{p.row}</td>
              <td>
                <code>{p.column}</code>
              </td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A job's progress, polled until it is done; its id is in the address, so a reload picks it up again. */
function JobProgress({ jobId }: { jobId: string }) {
  const { t } = useTranslation('catalogImport');
  const job = useOnlineQuery(catalogImportJobQuery(jobId));
  const status = job.data;
  if (!status) return <p className="state-box">{job.isError ? t('jobFailedToLoad') : t('jobLoading')}</p>;
  return (
    <section className="catalog-bulk__job" aria-live="polite" data-testid="catalog-import-job" data-state={status.state}>
      {/* Apply's button is gone once the job starts: focus comes here, to what follows it. */}
      <h2 tabIndex={-1} ref={focusOnMount}>
        {t(`state.${status.state}`)}
      </h2>
      <progress max={Math.max(status.total, 1)} value={status.done} aria-label={t('progressLabel')} />
      <p>{t('progress', { done: status.done, total: status.total })}</p>
      <Report report={status} finished={status.state !== 'running'} />
    </section>
  );
}

function FileField(props: {
  label: string;
  accept: string;
  testId: string;
  problem?: string;
  hint?: string;
  onChange: (e: { target: HTMLInputElement }) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{props.label}</label>
      <input id={id} type="file" accept={props.accept} data-testid={props.testId} aria-invalid={!!props.problem} onChange={props.onChange} />
      {props.hint && <p className="catalog-bulk__hint">{props.hint}</p>}
      {props.problem && <p className="admin-error">{props.problem}</p>}
    </div>
  );
}

/** A heading that takes focus when it appears (the answer to the button just pressed). */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus();

/** The dry run's answer, and Apply for what it would change. */
function DryRun({ report, sending, onApply }: { report: ImportReport; sending: 'check' | 'apply' | null; onApply: () => void }) {
  const { t } = useTranslation('catalogImport');
  return (
    <section className="catalog-bulk__report" aria-live="polite" data-testid="catalog-import-report">
      {/* "Check file" stays where it was; its answer takes focus, so a keyboard goes on to read it and to Apply. */}
      <h2 tabIndex={-1} ref={focusOnMount}>
        {t('dryRunHeading')}
      </h2>
      <Report report={report} />
      <p>{report.errorCount + report.conflicts > 0 ? t('applyLeavesOut') : t('applyAll')}</p>
      <button
        type="button"
        className="btn btn--primary btn--small"
        data-testid="catalog-import-apply"
        disabled={report.creates + report.updates === 0}
        aria-busy={sending !== null}
        onClick={() => sending === null && onApply()}
      >
        {sending === 'apply' ? t('applying') : t('apply', { count: report.creates + report.updates, n: report.creates + report.updates })}
      </button>
    </section>
  );
}

function Head() {
  const { t } = useTranslation('catalogImport');
  return (
    <>
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
        <Downloads />
      </div>
      <p className="catalog-bulk__intro">{t('intro')}</p>
    </>
  );
}

function CatalogImport() {
  const { t } = useTranslation('catalogImport');
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importing = useServerWrite(catalogImportWrite());
  const sending = importing.isPending ? (importing.variables?.dryRun === false ? 'apply' : 'check') : null;
  const { refusal, refuse, clear, about } = useFormRefusal(FIELDS);

  const send = (dryRun: boolean) => {
    // The buttons stay enabled while a file is sent (focus stays on them): a second press waits for the first.
    if (!file || sending !== null) return;
    clear();
    importing.mutate(
      { dryRun, file, pictures },
      {
        onSuccess: (answer) => {
          if ('jobId' in answer) {
            setReport(null);
            setParams({ job: answer.jobId });
          } else {
            // A new file's answer replaces the last job's on screen (that job goes on, on the server): one report at a time.
            setReport(answer);
            if (jobId) setParams({}, { replace: true });
          }
        },
        onError: refuse,
      },
    );
  };
  const check = (e: FormEvent) => {
    e.preventDefault();
    void send(true);
  };
  const choose = (set: (f: File | null) => void) => (e: { target: HTMLInputElement }) => {
    set(e.target.files?.[0] ?? null);
    setReport(null);
    clear();
  };

  return (
    <section className="admin-page catalog-bulk">
      <Head />
      <form className="catalog-bulk__form" onSubmit={check} noValidate>
        <FileField label={t('file')} accept=".csv,.xlsx,text/csv" testId="catalog-import-file" problem={about('file')} onChange={choose(setFile)} />
        <FileField
          label={t('pictures')}
          accept=".zip,application/zip"
          testId="catalog-import-pictures"
          problem={about('pictures')}
          onChange={choose(setPictures)}
          hint={t('picturesHint')}
        />
        <FormRefusal message={refusal && !refusal.field ? refusal.message : null} testId="catalog-import-refusal" />
        <button type="submit" className="btn btn--primary btn--small" data-testid="catalog-import-check" disabled={!file} aria-busy={sending !== null}>
          {sending === 'check' ? t('checking') : t('check')}
        </button>
      </form>
      {report && <DryRun report={report} sending={sending} onApply={() => void send(false)} />}
      {jobId && <JobProgress jobId={jobId} />}
    </section>
  );
}

/** /dashboard/catalog-import (docs/product.md#catalogue-in-bulk): products in and out by SKU, as CSV or Excel. */
export const CatalogImportPage = adminPage(CatalogImport, 'catalogImport:');
