import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router-dom';
import { formatMoney, formatNumber } from '../../i18n/format';
import { WAITING_STAGES, type AdminOverview } from '@haat/shared/orders/overview';
import { QueryState } from '../../lib/query/query-state';
import { useOnlineQuery } from '../../lib/query/query-client';
import { adminPage } from './components/admin-frame';
import { LowStockCard } from './components/low-stock-card';
import { overviewQuery, savedThreshold, saveThreshold } from './overview-api';

// The chart library is its own chunk, fetched only when the overview has figures to draw.
const OverviewChart = lazy(() => import('./components/overview-chart').then((m) => ({ default: m.OverviewChart })));

function Overview() {
  const { t } = useTranslation('admin');
  const [threshold, setThreshold] = useState(savedThreshold);
  const overview = useOnlineQuery(overviewQuery(threshold));

  return (
    <section className="admin-page overview">
      <div className="admin-page__head">
        <h1>{t('overview.heading')}</h1>
      </div>
      <QueryState query={overview} loading={t('overview.loading')} failed={t('overview.failed')}>
        {(data) => (
          <>
            <Figures data={data} />
            <Waiting data={data} />
            <section className="overview-card" aria-labelledby="overview-chart">
              <h2 id="overview-chart">{t('overview.last30')}</h2>
              <Suspense fallback={<p className="admin-loading">{t('overview.loadingChart')}</p>}>
                <OverviewChart days={data.days} />
              </Suspense>
            </section>
            <TopProducts data={data} />
            <PromisesKept data={data} />
            <Notices data={data} />
            <section className="overview-card" aria-labelledby="overview-low">
              <div className="overview-card__head">
                <h2 id="overview-low">{t('overview.lowStock')}</h2>
                <ThresholdInput threshold={threshold} onChange={setThreshold} />
              </div>
              <LowStockCard key={data.lowStock.threshold} first={data.lowStock} />
            </section>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** /dashboard for an administrator: what sold, what waits, what runs short. */
export const OverviewPage = adminPage(Overview, 'admin:overview.');

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="overview-figure">
      <span className="overview-figure__label">{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

/** Today's and this week's orders and revenue. */
function Figures({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  return (
    <div className="overview-figures">
      <Figure label={t('overview.ordersToday')} value={formatNumber(data.today.orders)} testId="overview-today-orders" />
      <Figure label={t('overview.revenueToday')} value={formatMoney(data.today.revenue)} testId="overview-today-revenue" />
      <Figure label={t('overview.ordersWeek')} value={formatNumber(data.week.orders)} testId="overview-week-orders" />
      <Figure label={t('overview.revenueWeek')} value={formatMoney(data.week.revenue)} testId="overview-week-revenue" />
    </div>
  );
}

/** The orders waiting at each stage, each a link to Manage Orders at that stage. */
function Waiting({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  return (
    <section className="overview-card" aria-labelledby="overview-waiting">
      <h2 id="overview-waiting">{t('overview.waiting')}</h2>
      <ul className="overview-waiting">
        {WAITING_STAGES.map((stage) => (
          <li key={stage}>
            <Link to={`/dashboard/myorders?status=${stage}`} data-testid={`overview-waiting-${stage}`}>
              <span className="overview-waiting__n">{formatNumber(data.waiting[stage])}</span> {t(`overview.stage.${stage}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopProducts({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  return (
    <section className="overview-card" aria-labelledby="overview-top">
      <h2 id="overview-top">{t('overview.top')}</h2>
      {data.topProducts.length === 0 ? (
        <p className="admin-empty">{t('overview.noSales')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table overview-table" data-testid="overview-top-products">
            <thead>
              <tr>
                <th scope="col">{t('overview.column.product')}</th>
                <th scope="col">{t('overview.column.units')}</th>
                <th scope="col">{t('overview.column.revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {data.topProducts.map((p) => (
                <tr key={p.productId}>
                  <td>{p.name}</td>
                  <td>{formatNumber(p.units)}</td>
                  <td>{formatMoney(p.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Each dark store's promises kept, when there are stores. */
function PromisesKept({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  if (!data.promisesKept || data.promisesKept.length === 0) return null;
  return (
    <section className="overview-card" aria-labelledby="overview-kept">
      <h2 id="overview-kept">{t('overview.promisesKept')}</h2>
      <ul className="overview-waiting" data-testid="overview-promises-kept">
        {data.promisesKept.map((s) => (
          <li key={s.store._id}>
            <Link to="/dashboard/stores">
              <span className="overview-waiting__n">{s.delivered > 0 ? `${formatNumber(Math.round((100 * s.kept) / s.delivered))} %` : '–'}</span>{' '}
              {s.store.name} ·{' '}
              {s.delivered > 0 ? t('overview.keptLine', { kept: formatNumber(s.kept), delivered: formatNumber(s.delivered) }) : t('overview.keptNone')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The low-stock threshold, kept on this device; a value out of bounds is not taken. */
function ThresholdInput({ threshold, onChange }: { threshold: number; onChange: (n: number) => void }) {
  const { t } = useTranslation('admin');
  return (
    <label className="overview-threshold">
      {t('overview.under')}
      <input
        type="number"
        min={1}
        max={100000}
        inputMode="numeric"
        value={threshold}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (!Number.isInteger(n) || n < 1 || n > 100_000) return;
          saveThreshold(n);
          onChange(n);
        }}
        aria-label={t('overview.threshold')}
      />
      {t('overview.units')}
    </label>
  );
}

/** The notices waiting in the queue and those that failed for good. */
function Notices({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  if (!data.notices) return null;
  return (
    <section className="overview-card" aria-labelledby="overview-notices">
      <h2 id="overview-notices">{t('overview.notices')}</h2>
      <ul className="overview-waiting" data-testid="overview-notices">
        <li>
          <span className="overview-waiting__n">{formatNumber(data.notices.queued)}</span> {t('overview.noticesQueued')}
        </li>
        <li>
          <span className="overview-waiting__n">{formatNumber(data.notices.failed)}</span>{' '}
          {t('overview.noticesFailed', { today: formatNumber(data.notices.failedToday) })}
        </li>
      </ul>
    </section>
  );
}
