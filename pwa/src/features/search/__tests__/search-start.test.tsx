import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPULAR_SEARCHES } from '@haat/shared/search/popular-searches';
import { setLanguage } from '../../../i18n/i18n';
import { SearchPage } from '../search.page';
import { clearRecentSearches, rememberSearch } from '../../../lib/device/recent-searches';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="url">{pathname + search}</output>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const names = (group: HTMLElement) =>
  within(group)
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(() => clearRecentSearches());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en-IN', false);
});

describe('the empty search screen (docs/decisions/0227-the-empty-search-screen.md)', () => {
  it('with nothing typed asks the server nothing and shows popular searches, not a count over the whole catalogue', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderAt('/search');
    expect(screen.queryByRole('heading', { name: /Search Results/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).toBeNull();
    const popular = screen.getByRole('region', { name: 'Popular searches' });
    expect(names(popular)).toEqual([...POPULAR_SEARCHES]);
    expect(within(popular).getByRole('link', { name: 'T-shirt' }).getAttribute('href')).toBe('/search?q=T-shirt');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows this device's recent searches newest first; tapping one runs it and puts it first; Clear forgets them", () => {
    for (const term of ['namkeen', 'smartwach', ' tshrt ', 'NAMKEEN']) rememberSearch(term);
    rememberSearch('   ');
    renderAt('/search');
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    expect(names(recent)).toEqual(['NAMKEEN', 'tshrt', 'smartwach']);
    fireEvent.click(within(recent).getByRole('link', { name: 'smartwach' }));
    expect(screen.getByTestId('url').textContent).toBe('/search?q=smartwach');
    cleanup();
    renderAt('/search');
    expect(names(screen.getByRole('region', { name: 'Recent searches' }))).toEqual(['smartwach', 'NAMKEEN', 'tshrt']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Popular searches' })).toBeTruthy();
  });

  it('keeps at most 8 recent searches', () => {
    for (let i = 1; i <= 10; i++) rememberSearch(`term ${i}`);
    renderAt('/search');
    expect(names(screen.getByRole('region', { name: 'Recent searches' }))).toEqual([
      'term 10',
      'term 9',
      'term 8',
      'term 7',
      'term 6',
      'term 5',
      'term 4',
      'term 3',
    ]);
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi-IN', false);
    rememberSearch('tshrt');
    renderAt('/search');
    expect(screen.getByRole('region', { name: 'हाल की खोजें' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'लोकप्रिय खोजें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'हाल की खोजें मिटाएँ' }).textContent).toBe('मिटाएँ');
    expect(screen.getByRole('heading', { level: 1, name: 'खोजें' })).toBeTruthy();
    // The popular searches are named in Hindi and search the catalogue's words.
    const popular = screen.getByRole('region', { name: 'लोकप्रिय खोजें' });
    expect(names(popular)).toEqual(['टी-शर्ट', 'स्मार्टवॉच', 'ईयरबड्स', 'नमकीन', 'कुर्ता', 'साड़ी', 'प्रेशर कुकर', 'फ़ेस वॉश']);
    expect(within(popular).getByRole('link', { name: 'नमकीन' }).getAttribute('href')).toBe('/search?q=Namkeen');
  });
});
