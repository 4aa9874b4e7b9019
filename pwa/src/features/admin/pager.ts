/** What the admin products pager shows (docs/product.md#screens, Admin Products): nothing on a single page. */
export interface PagerView {
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pagerView(page: number, totalPages: number): PagerView | null {
  if (totalPages <= 1) return null;
  return { page, totalPages, hasPrevious: page > 1, hasNext: page < totalPages };
}

/** After a delete empties the last page, step back to the new last one. */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}
