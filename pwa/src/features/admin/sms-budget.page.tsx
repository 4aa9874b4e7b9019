import { useId, useState, type FormEvent } from 'react';
import type { SmsBudgetView, SmsBudgetWindow } from '@haat/shared/users/sms-budget.schema';
import { useTranslation } from '../../i18n/i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import { useOnlineQuery } from '../../lib/query/query-client';
import { QueryState } from '../../lib/query/query-state';
import { useServerWrite } from '../../lib/query/server-write';
import { adminPage } from './components/admin-frame';
import { smsBudgetQuery, smsBudgetWrite } from './sms-budget-api';

/** What the budget sent this hour and today, what strangers drew of its open share, and the form that changes it. */
export function SmsBudgetManager() {
  const { t } = useTranslation('smsBudget');
  const budget = useOnlineQuery(smsBudgetQuery());
  return (
    <section className="admin-page" data-testid="sms-budget">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
      </div>
      <p>{t('intro')}</p>
      <QueryState query={budget} loading={t('loading')} failed={t('failed')}>
        {(view) => (
          <>
            <dl className="sms-budget__use">
              <Use label={t('hour')} window={view.hour} limit={view.perHour} />
              <Use label={t('day')} window={view.day} limit={view.perDay} />
            </dl>
            <p role="status" data-testid="sms-budget-pressed">
              {view.strangersPressed
                ? t('pressed', { at: formatDate(view.strangersPressed.at, { dateStyle: 'medium', timeStyle: 'short' }), what: view.strangersPressed.what })
                : t('notPressed')}
            </p>
            <BudgetForm view={view} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Use({ label, window, limit }: { label: string; window: SmsBudgetWindow; limit: number }) {
  const { t } = useTranslation('smsBudget');
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {t('sent', { sent: formatNumber(window.sent), limit: formatNumber(limit) })};{' '}
        {t('strangers', { strangers: formatNumber(window.strangers), limit: formatNumber(window.strangersLimit) })}{' '}
        {window.sent > 0 &&
          (window.resetsInSeconds > 90 * 60
            ? t('resetsHours', { hours: formatNumber(Math.ceil(window.resetsInSeconds / 3600)) })
            : t('resets', { minutes: formatNumber(Math.ceil(window.resetsInSeconds / 60)) }))}
      </dd>
    </>
  );
}

/** The budget an hour and a day; the server checks it (a day at least an hour) and says what it refuses. */
function BudgetForm({ view }: { view: SmsBudgetView }) {
  const { t } = useTranslation('smsBudget');
  const id = useId();
  const [perHour, setPerHour] = useState(String(view.perHour));
  const [perDay, setPerDay] = useState(String(view.perDay));
  const saving = useServerWrite(smsBudgetWrite());
  const busy = saving.isPending;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    saving.mutate({ perHour: Number(perHour), perDay: Number(perDay) });
  };
  return (
    <form className="sms-budget__form" onSubmit={save}>
      <div className="admin-field">
        <label htmlFor={`${id}-hour`}>{t('perHour')}</label>
        <input id={`${id}-hour`} type="number" inputMode="numeric" min={1} required value={perHour} onChange={(e) => setPerHour(e.target.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-day`}>{t('perDay')}</label>
        <input id={`${id}-day`} type="number" inputMode="numeric" min={1} required value={perDay} onChange={(e) => setPerDay(e.target.value)} />
      </div>
      {/* Not `disabled` while saving: a disabled button drops the keyboard's focus to the page. */}
      <button type="submit" className="btn btn--primary btn--small" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? t('saving') : t('save')}
      </button>
    </form>
  );
}

/** /dashboard/sms-budget (docs/product.md#rules-and-limits): the shop's texts, for admins. */
export const SmsBudgetPage = adminPage(SmsBudgetManager, 'smsBudget:');
