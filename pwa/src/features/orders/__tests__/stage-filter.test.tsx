import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { setLanguage } from '../../../i18n/i18n';
import { StageFilter } from '../components/stage-filter';

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

function filter(value: OrderStage | undefined) {
  const chosen: Array<OrderStage | undefined> = [];
  render(<StageFilter value={value} onChange={(s) => chosen.push(s)} />);
  return chosen;
}
const options = () => screen.getAllByRole('option').map((o) => o.textContent);

describe("Manage Orders' stage filter", () => {
  it('is a labelled field of every stage, showing the chosen one; picking one chooses it (en-IN)', () => {
    const chosen = filter('CONFIRMED');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Stage' });
    expect(select.value).toBe('CONFIRMED');
    expect(select.closest('.stage-filter')).not.toBeNull();
    expect(options()).toEqual([
      'All orders',
      'Placed',
      'Confirmed',
      'Packed',
      'Ready for pickup',
      'Rider assigned',
      'Shipped',
      'Out for delivery',
      'Delivered',
      'Cancelled',
    ]);
    fireEvent.change(select, { target: { value: 'SHIPPED' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(chosen).toEqual(['SHIPPED', undefined]);
  });

  it('speaks Hindi (hi-IN)', async () => {
    await setLanguage('hi-IN', false);
    filter(undefined);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'स्थिति' }).value).toBe('');
    expect(options()).toEqual([
      'सभी ऑर्डर',
      'प्लेस हुआ',
      'कन्फ़र्म हुआ',
      'पैक हुआ',
      'पिकअप के लिए तैयार',
      'राइडर तय हुआ',
      'शिप हुआ',
      'डिलीवरी के लिए निकला',
      'डिलीवर हुआ',
      'रद्द हुआ',
    ]);
  });
});
