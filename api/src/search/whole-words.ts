/**
 * Word boundaries and stems (docs/product.md#search): PostgreSQL's English stemmer, which the index's lexemes follow,
 * reduces "Banking" to bank, so a search of "bank" matches the Banking books through a longer word, though no
 * product is a bank. A one-word search whose page holds its word in no name as a word of its own (or its plural), only
 * inside a longer word it is the stem of ("-ing": an activity, another thing), names nothing the shop sells. A page
 * found through a shelf's name or a product's description, or with one name holding the word whole, is kept.
 */
export function onlyInsideLongerWords(word: string, names: readonly string[]): boolean {
  if (!/^[a-z]{3,}$/.test(word) || names.length === 0) return false;
  const whole = new RegExp(`\\b${word}(?:e?s)?\\b`, 'i');
  const longer = new RegExp(`\\b${word}(?:ing|ings)\\b`, 'i');
  return names.every((name) => !whole.test(name) && longer.test(name));
}
