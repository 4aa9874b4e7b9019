import { describe, expect, it } from 'vitest';
import { clampPage, pagerView } from '../hooks/use-admin-list';

describe('admin products pager (docs/product.md#screens)', () => {
  it('is hidden when everything fits on one page', () => {
    expect(pagerView(1, 1)).toBeNull();
    expect(pagerView(1, 0)).toBeNull();
  });

  it('says which page of how many, and enables Previous and Next only where there is a page to go to', () => {
    expect(pagerView(1, 3)).toEqual({ page: 1, totalPages: 3, hasPrevious: false, hasNext: true });
    expect(pagerView(2, 3)).toEqual({ page: 2, totalPages: 3, hasPrevious: true, hasNext: true });
    expect(pagerView(3, 3)).toEqual({ page: 3, totalPages: 3, hasPrevious: true, hasNext: false });
  });

  it('steps back to the last page when a delete removed the page shown', () => {
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(1, 0)).toBe(1);
  });
});
