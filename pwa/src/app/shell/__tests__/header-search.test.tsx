import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../header';

/** A phone's width: every media query for a narrow screen matches. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header on a phone', () => {
  it('on /search keeps the account and cart buttons beside the search box', async () => {
    asPhone();
    render(
      <MemoryRouter initialEntries={['/search']}>
        <Header />
      </MemoryRouter>,
    );
    const actions = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(actions).getByRole('link', { name: 'My Cart' }).getAttribute('href')).toBe('/cart');
    expect(within(actions).getAllByRole('link').length + within(actions).queryAllByRole('button').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('searchbox')).toBeTruthy();
    // A phone's /search shows only the search row: no logo row holding these buttons instead.
    expect(screen.queryByText('Haat')).toBeNull();
  });
});
