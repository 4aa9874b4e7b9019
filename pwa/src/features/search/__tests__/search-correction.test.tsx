import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchCorrection } from '../components/search-correction';

afterEach(cleanup);

describe('the search correction line', () => {
  it('says what a corrected search was answered as', () => {
    render(<SearchCorrection corrected="earbuds" />);
    expect(screen.getByRole('status').textContent).toBe('Showing results for earbuds');
  });

  it('says nothing when the words were found as typed', () => {
    const { container } = render(<SearchCorrection corrected={null} />);
    expect(container.textContent).toBe('');
  });
});
