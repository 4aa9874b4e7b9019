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
});
