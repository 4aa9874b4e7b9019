import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { WAITING_STAGES, type AdminOverview } from '@haat/shared/orders/overview';
import { problemOf } from '../../lib/http/http-problem';
import { PageMeta } from '../../lib/ui/page-meta';
import { STAGE_LABELS } from '../orders/public';
import { AdminFrame } from './components/admin-frame';
import { overviewApi, savedThreshold, saveThreshold } from './overview-api';

// The chart library is its own chunk, fetched only when the overview has figures to draw.
const OverviewChart = lazy(() => import('./components/overview-chart').then((m) => ({ default: m.OverviewChart })));

/** /dashboard for an administrator: what sold, what waits, what runs short. */
export function OverviewPage() {
  return (
    <>
      <PageMeta title="Overview | Haat" description="Sales, waiting orders and low stock at a glance" />
      <AdminFrame>
        <Overview />
      </AdminFrame>
    </>
  );
}

function Overview() {
  const [threshold, setThreshold] = useState(savedThreshold);
  const [data, setData] = useState<AdminOverview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    overviewApi.get(threshold, abort.signal).then(
      (answer) => {
        setData(answer);
        setFailure(null);
      },
      (error: unknown) => !abort.signal.aborted && setFailure(problemOf(error).message || 'Could not load the overview.'),
    );
    return () => abort.abort();
  }, [threshold]);

  return (
    <section className="admin-page overview">
      <div className="admin-page__head">
        <h1>Overview</h1>
      </div>
      {failure && !data && <p className="admin-error">{failure}</p>}
      {!data ? (
        !failure && <p className="admin-loading">Loading overview...</p>
      ) : (
        <>
          <div className="overview-figures">
            <Figure label="Orders today" value={String(data.today.orders)} testId="overview-today-orders" />
            <Figure label="Revenue today" value={formatMoney(data.today.revenue)} testId="overview-today-revenue" />
            <Figure label="Orders this week" value={String(data.week.orders)} testId="overview-week-orders" />
            <Figure label="Revenue this week" value={formatMoney(data.week.revenue)} testId="overview-week-revenue" />
          </div>

          <section className="overview-card" aria-labelledby="overview-waiting">
            <h2 id="overview-waiting">Orders waiting</h2>
            <ul className="overview-waiting">
              {WAITING_STAGES.map((stage) => (
                <li key={stage}>
                  <Link to={`/dashboard/myorders?status=${stage}`} data-testid={`overview-waiting-${stage}`}>
                    <span className="overview-waiting__n">{data.waiting[stage]}</span> {STAGE_LABELS[stage]}
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section className="overview-card" aria-labelledby="overview-chart">
            <h2 id="overview-chart">Last 30 days</h2>
            <Suspense fallback={<p className="admin-loading">Loading chart...</p>}>
              <OverviewChart days={data.days} />
            </Suspense>
          </section>

          <section className="overview-card" aria-labelledby="overview-top">
            <h2 id="overview-top">Top products, last 30 days</h2>
            {data.topProducts.length === 0 ? (
              <p className="admin-empty">No sales in the last 30 days.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table overview-table" data-testid="overview-top-products">
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">Units</th>
                      <th scope="col">Revenue</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.topProducts.map((p) => (
                      <tr key={p.productId}>
                        <td>{p.name}</td>
                        <td>{p.units}</td>
                        <td>{formatMoney(p.revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="overview-card" aria-labelledby="overview-low">
            <div className="overview-card__head">
              <h2 id="overview-low">Low stock</h2>
              <label className="overview-threshold">
                Under
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
                    setThreshold(n);
                  }}
                  aria-label="Low-stock threshold (units)"
                />
                units
              </label>
            </div>
            {data.lowStock.items.length === 0 ? (
              <p className="admin-empty">Nothing under {data.lowStock.threshold} units.</p>
            ) : (
              <ul className="overview-low" data-testid="overview-low-stock">
                {data.lowStock.items.map((item) => (
                  <li key={`${item.productId}:${item.variantId ?? ''}`}>
                    <span>
                      {item.productName}
                      {item.variantName ? ` (${item.variantName})` : ''}
                    </span>
                    <span className={item.available <= 0 ? 'admin-danger' : undefined}>{item.available} left</span>
                    <Link to={`/dashboard/product?edit=${item.productId}`} aria-label={`Adjust ${item.productName}`}>
                      Adjust
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="overview-figure">
      <span className="overview-figure__label">{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}
