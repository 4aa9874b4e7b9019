// node --test eslint/: eslint-plugin-i18next's no-literal-string with the PWA's options (untranslated-text.js), on
// made-up components: what a person reads is reported when written in the component, code and symbols are not.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';
import { untranslatedTextOptions } from './untranslated-text.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});
const options = [untranslatedTextOptions];
// A component as the PWA writes them (a function, not an all-caps constant, which the rule leaves alone).
const component = (jsx) => `export function Screen({ busy, h, m, s, n }) {\n  return ${jsx};\n}`;
const valid = (jsx) => ({ code: component(jsx), options, filename: 'component.tsx' });
const invalid = (jsx, count = 1) => ({
  code: component(jsx),
  options,
  filename: 'component.tsx',
  errors: Array.from({ length: count }, () => ({ message: /^Text a shopper reads must come from the i18n texts/ })),
});

const rule = i18next.rules?.['no-literal-string'];
if (!rule) throw new Error('eslint-plugin-i18next has no no-literal-string rule');

tester.run('i18next/no-literal-string (the PWA’s options)', rule, {
  valid: [
    valid("<a className='skip-link' href='#main'>{t('skipToContent')}</a>"),
    valid("<span>{busy ? t('mover.updating') : t('mover.label')}</span>"),
    valid("<PageMeta title={t('metaTitle')} />"),
    // Symbols and figures are the same in every language.
    valid("<span aria-hidden='true'>★★★★★</span>"),
    valid('<strong>{n} : {n}</strong>'),
    valid('<button aria-label={t("close")}>✕</button>'),
    // Code in attributes: classes, test ids, links, input names and types, variants.
    valid("<Link to='/dashboard/allorders' data-testid='all-orders' className='btn btn--ghost'>{t('x')}</Link>"),
    valid("<input name='email' type='email' autoComplete='email' />"),
    valid("<Dialog variant='sheet' />"),
    // Keys a component maps to its texts, and paths handed to a helper.
    valid("<tr>{(['orderId', 'maxDiscount'] as const).map((c) => <th key={c}>{t(`column.${c}`)}</th>)}</tr>"),
    valid("<nav>{item('/dashboard/myorders', t('menu.orders'))}</nav>"),
    // The shop's own name.
    valid('<span className="logo">Haat</span>'),
  ],
  invalid: [
    // Each of these was on the Hindi screens in English.
    invalid("<a className='skip-link' href='#main'>Skip to content</a>"),
    invalid("<span>{busy ? 'Updating...' : 'Move to:'}</span>", 2),
    // "h : " and "m : " (a lone lower-case letter reads as a key, as 'orderId' does).
    invalid('<strong>{h}h : {m}m : {s}s</strong>', 2),
    invalid("<button type='button'>OK</button>"),
    invalid("<PageMeta title='Manage Orders | Haat' />"),
    invalid("<button aria-label='Back to top' />"),
    invalid("<input placeholder='Search products' />"),
    invalid("<tr>{['Order ID', 'User'].map((h) => <th key={h}>{h}</th>)}</tr>", 2),
    invalid("<ConfirmDialog message='This cannot be undone.' confirmLabel='Cancel order' />", 2),
    invalid('<p>Loading orders...</p>'),
  ],
});
