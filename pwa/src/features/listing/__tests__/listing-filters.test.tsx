import { LIMITS } from '@haat/shared/common/limits';
import { GetProductsBody } from '@haat/shared/catalog/product.schema';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../../test-support/a-product';
import { FiltersForm } from '../components/filters-form';
import { useListingFilters } from '../components/listing-view';
import { applyFilters, filtersToBody, NO_FILTERS } from '../listing-filters';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('what the listing sends to the server', () => {
  it('sends nothing extra without filters', () => {
    expect(filtersToBody(NO_FILTERS)).toEqual({});
  });

  it('sends trimmed search, numeric prices, sort and inStock; drops blanks and nonsense', () => {
    expect(filtersToBody({ search: '  ludo ', minPrice: '100', maxPrice: '499.5', sort: 'highToLow', inStock: true })).toEqual({
      search: 'ludo',
      minPrice: 100,
      maxPrice: 499.5,
      sort: 'highToLow',
      inStock: true,
    });
    expect(filtersToBody({ ...NO_FILTERS, minPrice: 'abc', maxPrice: '-5', search: '   ' })).toEqual({});
  });

  it('sends a huge price as the most any price may be, so the server finds nothing rather than refusing the request', () => {
    const body = filtersToBody({ ...NO_FILTERS, minPrice: '99999999999999999999', maxPrice: '1e30' });
    expect(body).toEqual({ minPrice: LIMITS.moneyMax, maxPrice: LIMITS.moneyMax });
    expect(GetProductsBody.safeParse({ page: 1, limit: 12, ...body }).success).toBe(true);
  });
});

describe('docs/product.md#validation client-side filters (used offline)', () => {
  const cheap = aProduct({ _id: 'a', name: 'Ludo Set', price: 200, discount: 0, stock: 0, inStock: false, createdAt: '2026-01-01' });
  const dear = aProduct({ _id: 'b', name: 'Chess Set', price: 1000, discount: 50, stock: 3, createdAt: '2026-03-01' }); // sells at 500
  const mid = aProduct({ _id: 'c', name: 'Business GAME', price: 400, discount: 0, stock: 1, createdAt: '2026-02-01' });
  const all = [cheap, dear, mid];
  const ids = (list: { _id: string }[]) => list.map((p) => p._id);

  it('matches the name case-insensitively', () => {
    expect(ids(applyFilters(all, { ...NO_FILTERS, search: 'game' }))).toEqual(['c']);
    expect(ids(applyFilters(all, { ...NO_FILTERS, search: 'SET' }))).toEqual(['a', 'b']);
  });

  it('keeps prices (after discount) within min and max, inclusive', () => {
    expect(ids(applyFilters(all, { ...NO_FILTERS, minPrice: '400', maxPrice: '500' }))).toEqual(['b', 'c']);
  });

  it('In Stock Only keeps inStock or stock above 0', () => {
    expect(ids(applyFilters(all, { ...NO_FILTERS, inStock: true }))).toEqual(['b', 'c']);
  });

  it('sorts by price and by date like the server', () => {
    expect(ids(applyFilters(all, { ...NO_FILTERS, sort: 'lowToHigh' }))).toEqual(['a', 'c', 'b']);
    expect(ids(applyFilters(all, { ...NO_FILTERS, sort: 'highToLow' }))).toEqual(['b', 'c', 'a']);
    expect(ids(applyFilters(all, { ...NO_FILTERS, sort: 'newest' }))).toEqual(['b', 'c', 'a']);
    expect(ids(applyFilters(all, { ...NO_FILTERS, sort: 'oldest' }))).toEqual(['a', 'c', 'b']);
  });
});

describe('the filter form', () => {
  /** The listing's own pairing: the hook's draft in the form, `applied` is what would be sent. */
  function Harness() {
    const { draft, applied, change, clear } = useListingFilters();
    return (
      <>
        <FiltersForm filters={draft} onChange={change} onClear={clear} idPrefix="t" />
        <output data-testid="applied">{JSON.stringify(filtersToBody(applied))}</output>
      </>
    );
  }
  const applied = () => JSON.parse(screen.getByTestId('applied').textContent);

  it('applies typed filters once typing pauses, clears the search box, and Clear Filters resets all', () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Search in this list'), { target: { value: 'ludo' } });
    fireEvent.change(screen.getByLabelText('Min price (₹)'), { target: { value: '150' } });
    fireEvent.click(screen.getByLabelText('In Stock Only'));
    expect(applied()).toEqual({}); // not yet: still typing
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(applied()).toEqual({ search: 'ludo', minPrice: 150, inStock: true });

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText<HTMLInputElement>('Search in this list').value).toBe('');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'lowToHigh' } });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(applied()).toEqual({ minPrice: 150, inStock: true, sort: 'lowToHigh' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(applied()).toEqual({});
    expect(screen.getByLabelText<HTMLInputElement>('Min price (₹)').value).toBe('');
  });

  it('offers the four sort orders with their labels', () => {
    render(<FiltersForm filters={NO_FILTERS} onChange={() => {}} onClear={() => {}} idPrefix="s" />);
    const labels = [...screen.getByLabelText<HTMLSelectElement>('Sort by').options].map((o) => o.textContent);
    expect(labels).toEqual(['Featured', 'Price: Low to High', 'Price: High to Low', 'Newest', 'Oldest']);
  });
});
