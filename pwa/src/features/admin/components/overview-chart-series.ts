import type uPlot from 'uplot';
import type { OverviewDay } from '@haat/shared/orders/overview';
import { formatDate, formatMoney, formatNumber } from '../../../i18n/format';

/** A chart time (seconds, UTC midnight) as day and month in the admin's language (the figures are per UTC day). */
export const dayMonth = (ts: number) => formatDate(ts * 1000, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The chart's series; the legend says the day under the cursor's figures, else the latest day's, in the admin's language. */
export function chartSeries(days: OverviewDay[], t: (key: string) => string): uPlot.Series[] {
  const latest = days.at(-1);
  const at = (idx: number | null | undefined) => (idx == null ? latest : days[idx]);
  return [
    {
      label: t('admin:overview.day'),
      value: (_u, _ts, _s, idx) => {
        const d = at(idx);
        return d ? dayMonth(Date.parse(`${d.day}T00:00:00Z`) / 1000) : '–';
      },
    },
    {
      label: t('admin:overview.column.orders'),
      scale: 'orders',
      stroke: '#0b6e35',
      width: 2,
      points: { show: true },
      value: (_u, _v, _s, idx) => {
        const d = at(idx);
        return d ? formatNumber(d.orders) : '–';
      },
    },
    {
      label: t('admin:overview.column.revenue'),
      scale: 'revenue',
      stroke: '#b45309',
      width: 2,
      dash: [6, 4],
      value: (_u, _v, _s, idx) => {
        const d = at(idx);
        return d ? formatMoney(d.revenue) : '–';
      },
    },
  ];
}
