// The options of eslint-plugin-i18next's no-literal-string for the PWA's components (docs/decisions/0100-the-pwas-texts.md):
// every text a component shows (JSX text, strings in JSX expressions, and the attributes that carry words)
// comes from the i18n texts, so a screen in Hindi has no English left on it.

/** Attributes whose value a person reads or hears; every other attribute (class names, test ids, links, types) is code. */
const TEXT_ATTRIBUTES = ['alt', 'aria-label', 'aria-description', 'aria-valuetext', 'placeholder', 'title', 'label', 'message', 'confirmLabel', 'keepLabel'];

export const untranslatedTextOptions = {
  mode: 'jsx-only',
  'jsx-attributes': { include: TEXT_ATTRIBUTES },
  // Calls whose string arguments are keys or field names, not texts: t('key'), register('name') and the like.
  callees: {
    exclude: [
      'i18n(ext)?',
      't',
      'require',
      'register',
      'watch',
      'setValue',
      'getValues',
      'text',
      'navigate',
      'includes',
      'startsWith',
      'endsWith',
      'split',
      'join',
      'replace',
      'classNames',
    ],
  },
  // Not texts: strings without a letter (★, ✕, ⇆, ₹, digits and punctuation), the shop's own name, a link's path
  // ('/dashboard/myorders'), and a key or field name written as one camelCase word ('maxDiscount'), which a
  // component maps to its text with t(). A text of more than one word, or capitalised as a sentence is, is reported.
  words: { exclude: [/^[^\p{L}]*$/u, 'Haat', /^\/[\w/.?=&#-]*$/, /^[a-z]+(?:[A-Z][a-z]*)*$/] },
  message: 'Text a shopper reads must come from the i18n texts (t(...)), not be written in the component',
};
