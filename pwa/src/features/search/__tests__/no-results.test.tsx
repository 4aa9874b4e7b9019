import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fireEvent } from '@testing-library/react';
import { understandQuery, type SearchUnderstood } from '@haat/shared/search/query-understanding';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { POPULAR_SEARCHES } from '@haat/shared/search/popular-searches';
import { NoData } from '../components/no-data';

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN');
});

const show = () =>
  render(
    <MemoryRouter>
      <NoData term=" atta " />
    </MemoryRouter>,
  );

describe('a search that found nothing', () => {
  it('names what was typed and offers the popular searches to tap', () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('No results for "atta"');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(POPULAR_SEARCHES.map((term) => `/search?q=${encodeURIComponent(term)}`));
  });

  it('says it in Hindi on a Hindi screen', async () => {
    await setLanguage('hi-IN');
    show();
    expect(screen.getByRole('status').textContent).toBe('"atta" के लिए कुछ नहीं मिला');
  });

  it('says a kind the shop does not sell is not sold, in both languages', async () => {
    const understood: SearchUnderstood = { parts: [], unmatched: [], emptied: { by: 'unsold', words: 'power bank' } };
    render(
      <MemoryRouter>
        <NoData term="power bank" understood={understood} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe("We don't sell power bank yet");
    cleanup();
    await setLanguage('hi-IN');
    render(
      <MemoryRouter>
        <NoData term="power bank" understood={understood} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('हम अभी power bank नहीं बेचते');
  });

  it('says a price emptied the page and offers to search without it', () => {
    const term = 'earbuds under 500';
    const understood: SearchUnderstood = { parts: understandQuery(term).parts, unmatched: [], emptied: { by: 'price' } };
    const Where = () => <p data-testid="where">{useLocation().search}</p>;
    render(
      <MemoryRouter initialEntries={['/search?q=earbuds%20under%20500']}>
        <Routes>
          <Route
            path="/search"
            element={
              <>
                <NoData term={term} understood={understood} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('Nothing here costs under ₹500');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Under ₹500' }));
    expect(screen.getByTestId('where').textContent).toBe('?q=earbuds');
  });
});
