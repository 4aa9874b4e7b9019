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
    toast.error('Failed to load products.');
    toast.plain('Hello');
    const id = toast.loading('Placing order');
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual(['Failed to load products.', 'Hello', 'Placing order']);
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual(['Placing order']);
    toast.dismiss(id);
    expect(shown()).toEqual([]);
  });

  it('shows at most 20, dropping the oldest', () => {
    for (let i = 1; i <= 25; i++) toast.plain(`t${i}`);
    expect(shown()).toHaveLength(20);
    expect(shown()[0]).toBe('t6');
  });

  it('puts a message with the same key (by default the same kind and words) in the place of the one shown, with a fresh timer', () => {
    toast.plain('Only 3 of Tea in stock.');
    vi.advanceTimersByTime(3000);
    toast.plain('Only 3 of Tea in stock.');
    toast.plain('Only 3 of Tea in stock.');
    expect(shown()).toEqual(['Only 3 of Tea in stock.']);
    vi.advanceTimersByTime(3000); // the first timer has run out; the replacement's has not
    expect(shown()).toEqual(['Only 3 of Tea in stock.']);
    toast.plain('Tea is out of stock.', 'limit:tea');
    toast.plain('You can buy at most 10 of Tea in one order.', 'limit:tea');
    toast.success('Added: Rice, 1 in cart');
    expect(shown()).toEqual(['Only 3 of Tea in stock.', 'You can buy at most 10 of Tea in one order.', 'Added: Rice, 1 in cart']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual(['You can buy at most 10 of Tea in one order.', 'Added: Rice, 1 in cart']);
  });
});
