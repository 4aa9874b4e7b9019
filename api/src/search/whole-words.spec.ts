import { onlyInsideLongerWords } from './whole-words.js';

describe('a one-word search matched only inside longer words (the stemmer)', () => {
  it('is "bank" in "Banking" names alone', () => {
    expect(onlyInsideLongerWords('bank', ['Indian Banking Awareness by Ravi Rao, Paperback', 'Banking Made Easy by Sita Iyer'])).toBe(true);
  });

  it('is not when one name holds the word whole or as its plural, nor for a longer word of another ending', () => {
    expect(onlyInsideLongerWords('bank', ['Banking Made Easy', 'Piggy Bank, Red'])).toBe(false);
    expect(onlyInsideLongerWords('game', ['Gaming Earbuds', 'Ludo Board Games'])).toBe(false);
    expect(onlyInsideLongerWords('print', ['Printed Kurta, Blue'])).toBe(false);
    expect(onlyInsideLongerWords('kurt', ['Cotton Kurta, Red'])).toBe(false);
  });

  it('says nothing of an empty page, a short word or one not in Latin letters', () => {
    expect(onlyInsideLongerWords('bank', [])).toBe(false);
    expect(onlyInsideLongerWords('ba', ['Banking Made Easy'])).toBe(false);
    expect(onlyInsideLongerWords('बैंक', ['Banking Made Easy'])).toBe(false);
  });
});
