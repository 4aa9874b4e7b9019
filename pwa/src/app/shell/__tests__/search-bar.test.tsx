import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category, SubCategory } from '@haat/shared/catalog/catalog.types';
import { getDefaultStore } from 'jotai';
import { clearRecentSearches, recentSearchesAtom } from '../../../lib/device/recent-searches';
import { SearchBar } from '../search-bar';
import { FIRST_PAINT_WORDS, searchWordsAtom, suggestionsFrom } from '../search-words';

/** A catalogue's tree as the API answers it (only what the suggestions read). */
const category = (_id: string, name: string) => ({ _id, name }) as Category;
const kind = (name: string, ...of: string[]) => ({ _id: name, name, category: of.map((_id) => ({ _id })) }) as unknown as SubCategory;
const CATEGORIES = [category('b', 'Books'), category('e', 'Earbuds'), category('s', 'Snacks')];
const KINDS = [
  kind('Fiction', 'b'),
  kind('Exam Prep', 'b'),
  kind('True Wireless Earbuds', 'e'),
  kind('Bluetooth', 'e'),
  kind('Chips & Namkeen', 's'),
  kind('A name far too long for the header prompt', 's'),
];
const SEARCH_SUGGESTIONS = suggestionsFrom(CATEGORIES, KINDS) as [string, string, ...string[]];

describe('the header’s suggestions (what the shop sells)', () => {
  it('are its kinds of goods, one from each category in turn, then its categories; none too long or repeated', () => {
    expect(SEARCH_SUGGESTIONS).toEqual(['Fiction', 'True Wireless Earbuds', 'Chips & Namkeen', 'Exam Prep', 'Bluetooth', 'Books', 'Earbuds', 'Snacks']);
    expect(suggestionsFrom([], [])).toEqual([]);
    expect(suggestionsFrom([category('b', 'Books')], [kind('books', 'b')])).toEqual(['books']);
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="url">{pathname + search}</output>;
}

function renderAt(url: string, narrow = false) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SearchBar narrow={narrow} />
      <Where />
    </MemoryRouter>,
  );
}

/** Timers re-arm in effects, so time passes in small acts (React commits between them). */
function advance(ms: number) {
  for (let t = 0; t < ms; t++) {
    act(() => {
      vi.advanceTimersByTime(1);
    });
  }
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the header search bar (docs/product.md#screens, #states and #rules-and-limits)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    getDefaultStore().set(searchWordsAtom, SEARCH_SUGGESTIONS);
  });
  afterEach(() => getDefaultStore().set(searchWordsAtom, null));

  it('before the catalogue is read, holds the first paint’s word', () => {
    getDefaultStore().set(searchWordsAtom, null);
    renderAt('/');
    expect(screen.getByTestId('search-prompt').querySelector('.search-bar__prompt')!.textContent).toBe(`Search "${FIRST_PAINT_WORDS[0]}"`);
  });

  it('off /search it is a link to /search showing each suggestion 1 s, typing the next at 50 ms a letter', () => {
    renderAt('/');
    const prompt = screen.getByTestId('search-prompt');
    const shown = () => prompt.querySelector('.search-bar__prompt')!.textContent;
    expect(prompt.getAttribute('href')).toBe('/search');
    expect(prompt.textContent.startsWith('Search for kurta, biscuits and more: ')).toBe(true);
    const [first, second] = SEARCH_SUGGESTIONS;
    expect(shown()).toBe(`Search "${first}"`); // the first word starts complete, as the static shell shows it
    advance(999);
    expect(shown()).toBe(`Search "${first}"`); // still held
    advance(1);
    expect(shown()).toBe(`Search "${second.slice(0, 1)}"`); // the next word starts at its first letter, never an empty Search ""
    advance(50);
    expect(shown()).toBe(`Search "${second.slice(0, 2)}"`);
    advance(50 * (second.length - 2));
    expect(shown()).toBe(`Search "${second}"`);
  });

  it('cycles through every suggestion and starts again', () => {
    renderAt('/cart');
    const shown = () => screen.getByTestId('search-prompt').querySelector('.search-bar__prompt')!.textContent;
    advance(1000);
    for (const word of [...SEARCH_SUGGESTIONS.slice(1), SEARCH_SUGGESTIONS[0]]) {
      advance(50 * word.length);
      expect(shown()).toBe(`Search "${word}"`);
      advance(1000);
    }
  });
});

describe('on /search', () => {
  it('is an editable input, focused and filled from q, with its placeholder', () => {
    renderAt('/search?q=watch');
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search products' });
    expect(input.value).toBe('watch');
    expect(document.activeElement).toBe(input);
    expect(input.placeholder).toBe('Search for kurta, biscuits and more');
  });

  it('moves the URL to /search?q={text} on every change', () => {
    renderAt('/search?q=');
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'b' } });
    expect(screen.getByTestId('url').textContent).toBe('/search?q=b');
    fireEvent.change(input, { target: { value: 'blue tooth & more' } });
    expect(screen.getByTestId('url').textContent).toBe('/search?q=blue%20tooth%20%26%20more');
    expect((input as HTMLInputElement).value).toBe('blue tooth & more');
  });

  it('shows a back arrow to home instead of the magnifier under 768 px', () => {
    renderAt('/search?q=x', true);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    cleanup();
    renderAt('/search?q=x', false);
    expect(screen.queryByRole('link', { name: 'Back to home' })).toBeNull();
  });

  it('keeps a search among the recent ones when the shopper presses Enter', async () => {
    clearRecentSearches();
    renderAt('/search?q=tshrt');
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    // The list's code loads at the Enter (features/search/public.ts).
    await waitFor(() => expect(getDefaultStore().get(recentSearchesAtom)).toEqual(['tshrt']));
  });
});
