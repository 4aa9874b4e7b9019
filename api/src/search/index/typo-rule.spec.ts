import { acceptsCorrection, allowedEdits, editDistance } from './typo-rule.js';

describe('the typo rule', () => {
  it('corrects no word under 5 letters, one under 9 by one edit, longer ones by two', () => {
    expect(['rice', 'atta', 'dal', 'tshrt', 'smartwac', 'smartwach'].map(allowedEdits)).toEqual([0, 0, 0, 1, 1, 2]);
  });

  it('counts inserts, deletes, replacements and swapped neighbours as one edit each', () => {
    expect(editDistance('tshrt', 'tshirt', 2)).toBe(1);
    expect(editDistance('chawal', 'chawla', 2)).toBe(1);
    expect(editDistance('ghadi', 'ghat', 2)).toBe(2);
    expect(editDistance('lipstick', 'nonstick', 1)).toBe(2);
  });

  it('offers what a shopper misspelt, not a word the typed one sits inside', () => {
    expect(acceptsCorrection('tshrt', 'tshrt', 't-shirt')).toBe(true);
    expect(acceptsCorrection('earbds', 'earbd', 'earbud')).toBe(true);
    expect(acceptsCorrection('smartwach', 'smartwach', 'smartwatch')).toBe(true);
    expect(acceptsCorrection('atta', 'atta', 'khatta')).toBe(false);
    expect(acceptsCorrection('rice', 'rice', 'price')).toBe(false);
    expect(acceptsCorrection('ghadi', 'ghadi', 'ghat')).toBe(false);
    expect(acceptsCorrection('penguin', 'penguin', 'pen')).toBe(false);
    expect(acceptsCorrection('khattas', 'khatta', 'akhatta')).toBe(false);
  });
});
