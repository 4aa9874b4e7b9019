import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/storage/db';
import { aProduct } from '../../../test-support/a-product';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { clearRecentSearches, rememberSearch } from '../../../lib/device/recent-searches';
import { SearchPage } from '../search.page';

// The API's search as Haat's answers a typo: the products of the corrected words, and what it searched for.
withLocalApiServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const asked = (JSON.parse(body || '{}') as { search?: string }).search ?? '';
    const corrected = asked === 'pressure cookr' ? { correctedSearch: 'pressure cooker' } : {};
    res.end(
      JSON.stringify({
        success: true,
        error: false,
        data: [aProduct({ _id: 'PC1', name: 'Prestige Pressure Cooker' })],
        totalCount: 1,
        page: 1,
        totalPage: 1,
        ...corrected,
      }),
    );
  });
});

beforeEach(async () => {
  clearRecentSearches();
  await Promise.all([db.products.clear(), db.lists.clear()]);
});
afterEach(() => cleanup());

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
      </Routes>
    </MemoryRouter>,
  );

/** docs/decisions/0227-the-empty-search-screen.md: recent searches keep what was searched for, not the typo. */
describe('a search the shop corrected', () => {
  it('is kept among the recent searches as the corrected words', async () => {
    rememberSearch('namkeen');
    rememberSearch('pressure cookr'); // as the search bar keeps it on Enter
    renderAt('/search?q=pressure%20cookr');
    expect(await screen.findByText('Prestige Pressure Cooker')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('pressure cooker');
    cleanup();
    renderAt('/search');
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['pressure cooker', '/search?q=pressure%20cooker'],
      ['namkeen', '/search?q=namkeen'],
    ]);
  });

  it('leaves a search found as typed as it was', async () => {
    rememberSearch('kurta');
    renderAt('/search?q=kurta');
    expect(await screen.findByText('Prestige Pressure Cooker')).toBeTruthy();
    cleanup();
    renderAt('/search');
    expect(
      within(screen.getByRole('region', { name: 'Recent searches' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['kurta']);
  });
});
