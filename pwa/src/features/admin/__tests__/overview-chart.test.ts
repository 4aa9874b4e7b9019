import { afterEach, describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import type { OverviewDay } from '@haat/shared/orders/overview';
import { i18n, setLanguage } from '../../../i18n/i18n';
import { chartSeries } from '../components/overview-chart-series';

/**
 * What the overview chart's legend says (docs/product.md#screens, Dashboard): uPlot asks each series for its text
 * with the index of the day under the cursor, and with none while no day is touched or hovered.
 */
const days: OverviewDay[] = [
  { day: '2026-11-23', orders: 2, revenue: 1500 },
  { day: '2026-11-24', orders: 0, revenue: 0 },
  { day: '2026-11-25', orders: 1234, revenue: 123456.5 },
];

/** What uPlot's legend shows for series `i` at day `idx` (null: no day under the cursor). */
type LegendValue = (u: uPlot, v: number | null, s: number, idx: number | null) => string;
const shown = (s: uPlot.Series, i: number, idx: number | null) => (s.value as unknown as LegendValue)({} as uPlot, null, i, idx);

const legend = (idx: number | null) => chartSeries(days, (key) => i18n.t(key)).map((s, i) => [s.label, shown(s, i, idx)]);

afterEach(() => setLanguage('en-IN', false));

describe("the overview chart's legend", () => {
  it('shows the latest day until a day is touched, then that day (en-IN)', () => {
    expect(legend(null)).toEqual([
      ['Day', '25 Nov'],
      ['Orders', '1,234'],
      ['Revenue', '₹1,23,456.50'],
    ]);
    expect(legend(1)).toEqual([
      ['Day', '24 Nov'],
      ['Orders', '0'],
      ['Revenue', '₹0.00'],
    ]);
  });

  it('in Hindi (hi-IN)', async () => {
    await setLanguage('hi-IN', false);
    expect(legend(null)).toEqual([
      ['दिन', '25 नव॰'],
      ['ऑर्डर', '1,234'],
      ['कमाई', '₹1,23,456.50'],
    ]);
    expect(legend(0)[0]).toEqual(['दिन', '23 नव॰']);
  });

  it('says nothing it does not have: no days, dashes', () => {
    expect(chartSeries([], (key) => key).map((s, i) => shown(s, i, null))).toEqual(['–', '–', '–']);
  });
});
