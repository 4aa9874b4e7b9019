import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { OverviewDay } from '@haat/shared/orders/overview';
import { useTranslation } from '../../../i18n/i18n';
import { formatMoney } from '../../../i18n/format';
import { chartSeries, dayMonth } from './overview-chart-series';

/** The 30-day chart, orders and revenue per day; uPlot lives only in this lazily loaded module. */
export function OverviewChart({ days }: { days: OverviewDay[] }) {
  const { t, i18n } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const options = (width: number): uPlot.Options => ({
      width,
      height: 240,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
      scales: { x: { time: true }, orders: { range: (_u, _min, max) => [0, Math.max(1, max)] }, revenue: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        // Day and month in the admin's language (the figures are per UTC day).
        { values: (_u, ticks) => ticks.map(dayMonth) },
        { scale: 'orders', label: t('overview.column.orders'), size: 50, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] },
        {
          scale: 'revenue',
          side: 1,
          label: t('overview.column.revenue'),
          size: 70,
          grid: { show: false },
          values: (_u, ticks) => ticks.map((t) => formatMoney(t).replace(/\.00$/, '')),
        },
      ],
      series: chartSeries(days, t),
    });
    const plot = new uPlot(options(el.clientWidth), [x, days.map((d) => d.orders), days.map((d) => d.revenue)], el);
    const observer = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 240 }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
    // A new language draws the chart again with its words.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, i18n.language]);
  return <div ref={box} className="overview-chart" data-testid="overview-chart" role="img" aria-label={t('overview.chartLabel')} />;
}
