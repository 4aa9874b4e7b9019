import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { setLanguage } from '../../../i18n/i18n';
import { StageFilter } from '../components/stage-filter';

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

/** A property of Ionic's element (React sets them as properties, not attributes). */
const prop = (el: Element, name: string) => (el as unknown as Record<string, unknown>)[name];

/** Ionic's select, as the admin picks from its popover: it sets its value and tells with ionChange. */
const pick = (select: Element, value: string) =>
  act(() => {
    (select as unknown as { value: string }).value = value;
    select.dispatchEvent(new CustomEvent('ionChange', { detail: { value }, bubbles: true }));
  });

function filter(value: OrderStage | undefined) {
  const chosen: Array<OrderStage | undefined> = [];
  const { container } = render(<StageFilter value={value} onChange={(s) => chosen.push(s)} />);
  const select = container.querySelector('ion-select')!;
  const options = () => [...container.querySelectorAll('ion-select-option')].map((o) => o.textContent);
  return { select, options, chosen };
}

describe("Manage Orders' stage filter", () => {
  it('is an Ionic select of every stage, showing the one in the address; picking one chooses it (en-IN)', () => {
    const { select, options, chosen } = filter('CONFIRMED');
    expect(select.querySelector('[slot="label"]')?.textContent).toBe('Stage');
    expect([prop(select, 'value'), prop(select, 'interface'), prop(select, 'fill')]).toEqual(['CONFIRMED', 'popover', 'outline']);
    expect([...select.querySelectorAll('ion-select-option')].map((o) => prop(o, 'value'))).toEqual([
      'ALL',
      'PLACED',
      'CONFIRMED',
      'SHIPPED',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
      'CANCELLED',
    ]);
    expect(options()).toEqual(['All orders', 'Placed', 'Confirmed', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled']);
    pick(select, 'SHIPPED');
    pick(select, 'ALL');
    expect(chosen).toEqual(['SHIPPED', undefined]);
  });

  it('speaks Hindi (hi-IN)', async () => {
    await setLanguage('hi-IN', false);
    const { select, options } = filter(undefined);
    expect(select.querySelector('[slot="label"]')?.textContent).toBe('स्थिति');
    expect(prop(select, 'value')).toBe('ALL');
    expect(options()).toEqual(['सभी ऑर्डर', 'प्लेस हुआ', 'कन्फ़र्म हुआ', 'शिप हुआ', 'डिलीवरी के लिए निकला', 'डिलीवर हुआ', 'रद्द हुआ']);
  });
});
