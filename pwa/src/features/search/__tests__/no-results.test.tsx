import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
});
