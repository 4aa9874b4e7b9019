import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastsAtom } from '../toast';

const shown = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.message);

beforeEach(() => {
  vi.useFakeTimers();
  getDefaultStore().set(toastsAtom, []);
});
afterEach(() => vi.useRealTimers());

describe('toasts (docs/product.md#rules-and-limits)', () => {
  it('success lasts 2 s, errors and plain 4 s, loading until dismissed', () => {
    toast.success('Item added');
    vi.advanceTimersByTime(1999);
    expect(shown()).toEqual(['Item added']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
    toast.error('Failed to load products.');
    vi.advanceTimersByTime(3999);
    expect(shown()).toEqual(['Failed to load products.']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
    const id = toast.loading('Placing order');
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['Placing order']);
    toast.dismiss(id);
    expect(shown()).toEqual([]);
  });

  it('shows one toast at a time: a new one takes the place of the one shown, with a fresh timer', () => {
    toast.plain('Only 3 of Tea in stock.');
    vi.advanceTimersByTime(3000);
    toast.plain('Only 3 of Tea in stock.');
    expect(shown()).toEqual(['Only 3 of Tea in stock.']);
    vi.advanceTimersByTime(3000); // the first timer has run out; the replacement's has not
    expect(shown()).toEqual(['Only 3 of Tea in stock.']);
    // A line's count, then its limit: the limit alone, never both stacked over the stepper that was tapped.
    toast.success('Tea: 10 in cart');
    toast.plain('You can buy at most 10 of Tea in one order.');
    expect(shown()).toEqual(['You can buy at most 10 of Tea in one order.']);
    vi.advanceTimersByTime(2000); // the count's timer ends without taking the limit with it
    expect(shown()).toEqual(['You can buy at most 10 of Tea in one order.']);
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual([]);
  });
});
