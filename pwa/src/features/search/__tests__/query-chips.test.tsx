import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { understandQuery } from '@haat/shared/search/query-understanding';
import { setLanguage } from '../../../i18n/i18n';
import { QueryChips } from '../components/query-chips';

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{decodeURIComponent(location.search)}</p>;
}

const show = (term: string, unmatched: string[] = []) =>
  render(
    <MemoryRouter initialEntries={[`/search?q=${encodeURIComponent(term)}`]}>
      <Routes>
        <Route
          path="/search"
          element={
            <>
              <QueryChips term={term} understood={{ parts: understandQuery(term).parts, unmatched }} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('the chips of what a search understood', () => {
  it('shows each part as a chip, in English', () => {
    show('black kurta for men under ₹1,500');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Black×', 'Men×', 'Under ₹1,500×']);
    expect(screen.getByRole('button', { name: 'Remove Under ₹1,500' })).toBeTruthy();
  });

  it('shows them in Hindi', async () => {
    await setLanguage('hi-IN', false);
    show('laal tshirt for 6 year old 1 kg');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['लाल×', '6 साल के लिए×', '1 किलो×']);
  });

  it('shows an order, what is left out, a size and an occasion as chips, in both languages', async () => {
    show('cheapest xl t-shirt not cotton');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Price: low to high×', 'Size: XL×', 'Not: cotton×']);
    cleanup();
    show('diwali gift');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['For Diwali×']);
    cleanup();
    await setLanguage('hi-IN', false);
    show('सबसे सस्ता शैम्पू मसाला के बिना');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['कीमत: कम से ज़्यादा×', 'मसाला के बिना×']);
  });

  it('searches again without a chip the shopper removes, through the URL', () => {
    show('black kurta for men under ₹1,500');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Men' }));
    expect(screen.getByTestId('where').textContent).toBe('?q=black kurta for under ₹ 1500');
  });

  it('says which words matched nothing, and shows nothing for a plain search', () => {
    show('earphones for running with good bass', ['running']);
    expect(screen.getByRole('status').textContent).toBe('Not found in the shop, so left out: running');
    cleanup();
    const { container } = show('boat earbuds');
    expect(container.querySelector('.query-chips')).toBeNull();
  });

  it('says a brand is not sold as the kind asked before its range, in English and Hindi', async () => {
    const lacking = (words: string) => (
      <MemoryRouter>
        <QueryChips term={words} understood={{ parts: [], unmatched: [], lacking: { words, brand: 'Titan' } }} />
      </MemoryRouter>
    );
    render(lacking('titan earbuds'));
    expect(screen.getByRole('status').textContent).toBe("We don't sell titan earbuds — here is Titan's range");
    cleanup();
    await setLanguage('hi-IN', false);
    render(lacking('टाइटन ईयरबड्स'));
    expect(screen.getByRole('status').textContent).toBe('हम टाइटन ईयरबड्स नहीं बेचते — यह रहा Titan का बाकी सामान');
  });
});
