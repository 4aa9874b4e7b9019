// ESLint for every workspace: TypeScript with type information (each folder's tsconfig.json, found by
// the project service), React hooks and accessibility in the PWA, the repository's import boundaries, and
// that only the order lifecycle writes an order's state, that each table is written by its own domain, and that tests
// do not sleep.
// Formatting is Prettier's business (eslint-config-prettier turns off the rules it would fight with).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { deviceStoreDoor } from './eslint/device-store-door.js';
import { featureCycles } from './eslint/feature-cycles.js';
import { importBoundaries } from './eslint/import-boundaries.js';
import { knownTableReaches } from './eslint/known-table-reaches.js';
import { moneyArithmetic } from './eslint/money-arithmetic.js';
import { noFetchingEffect } from './eslint/no-fetching-effect.js';
import { queryKeysRule } from './eslint/query-keys.js';
import { noTestSleeps } from './eslint/no-test-sleeps.js';
import { orderStateWrites } from './eslint/order-state-writes.js';
import { stockWrites } from './eslint/stock-writes.js';
import { tableOwners } from './eslint/table-owners.js';
import { allowedTableReads } from './eslint/table-reads.js';
import { typeErrors } from './eslint/type-errors.js';
import { untranslatedTextOptions } from './eslint/untranslated-text.js';

const EFFECT_HOOK = '/^use(Layout|Insertion)?Effect$/';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      'data/',
      'pwa/e2e/artifacts/',
      'pwa/public/',
      'api/drizzle/',
      '.lighthouseci/',
      'eslint/fixtures/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Config files outside every workspace's tsconfig are checked with tsconfig.tools.json.
          allowDefaultProject: ['*.js', 'eslint/*.js', 'api/jest.config.js'],
          defaultProject: 'tsconfig.tools.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: {
      haat: {
        rules: {
          'import-boundaries': importBoundaries,
          'device-store-door': deviceStoreDoor,
          'feature-cycles': featureCycles,
          'order-state-writes': orderStateWrites,
          'stock-writes': stockWrites,
          'table-owners': tableOwners,
          'money-arithmetic': moneyArithmetic,
          'no-test-sleeps': noTestSleeps,
          'no-fetching-effect': noFetchingEffect,
          'query-keys': queryKeysRule,
          'type-errors': typeErrors,
        },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'haat/import-boundaries': ['error', { allow: knownTableReaches }],
      // Only pwa/src/lib/storage/ imports Dexie or the database module: the one door into the device's store.
      'haat/device-store-door': 'error',
      // No cycle between the PWA's features (the rule skips other files and tests; docs/decisions/0043-pwa-feature-boundaries.md).
      'haat/feature-cycles': 'error',
      // Only api/src/orders/lifecycle/ writes an order's stage, payment status and history (the rule skips other files).
      'haat/order-state-writes': 'error',
      // Only api/src/inventory/ writes stock.
      'haat/stock-writes': 'error',
      // Each table is written by its own domain only, and read by another only through its face or an allowed SQL read
      // (docs/architecture.md#who-owns-which-table).
      'haat/table-owners': ['error', { allowReads: allowedTableReads }],
      // Only shared/src/money/paise.ts converts and rounds amounts (the rule skips tests and other folders).
      'haat/money-arithmetic': 'error',
      // Tests wait for an event or poll with a deadline, never a fixed time (the rule skips other files).
      'haat/no-test-sleeps': 'error',
      // No effect fetches by hand in pwa/src: online reads go through lib/query (the rule skips other files).
      'haat/no-fetching-effect': 'error',
      // Every key of the online-read cache comes from pwa/src/lib/query/query-keys.ts (the rule skips other files).
      'haat/query-keys': 'error',
      // Off here; CI's lint turns it on (`npm run lint:types`) to report TypeScript's errors from the programs
      // built for the rules above (eslint/type-errors.js).
      'haat/type-errors': 'off',
      // `_name` marks a parameter or binding that is deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // The PWA runs in the browser; the journeys run code in the page (page.evaluate) as well as in node.
    files: ['pwa/src/**/*.{ts,tsx}', 'pwa/e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules. The React Compiler rules of the plugin's `recommended` (set-state-in-effect,
    // refs, globals, ...) describe what the compiler can optimise; this app is not compiled by it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The PWA reads its texts through its own module (docs/decisions/0100-the-pwas-texts.md); i18next, which the API
    // uses and which the workspace therefore has, would put 16 KB gzip back on the first visit.
    files: ['pwa/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['i18next', 'react-i18next'].map((name) => ({ name, message: 'Read texts through pwa/src/i18n/i18n.ts (useTranslation, i18n.t).' })),
      ],
    },
  },
  {
    // The API's caches grow as they fill (api/src/common/lru.ts): lru-cache's `max` allocates every entry's room when a
    // cache is made, which every start of the API paid for caches it may never fill.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/common/lru.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { name: 'lru-cache', importNames: ['LRUCache'], allowTypeImports: true, message: 'Make an LRU cache with lruCache() from api/src/common/lru.ts.' },
      ],
    },
  },
  {
    files: ['pwa/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['pwa/src/**/*.tsx'],
    rules: {
      // Dialogs and single-purpose forms put the caret in their first field on open (WAI-ARIA dialog pattern).
      'jsx-a11y/no-autofocus': 'off',
      // Horizontally scrolling shelves (role group / list) are focusable so the keyboard can scroll them
      // (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['group', 'list'], tags: ['ul'] }],
      // A modal <dialog> closes on a click on its backdrop (a click on the dialog element itself).
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          handlers: ['onClick', 'onError', 'onLoad', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyDown', 'onKeyUp'],
          dialog: ['onClick', 'onKeyUp', 'onKeyDown', 'onKeyPress'],
        },
      ],
    },
  },
  {
    // Every text a component shows comes from the i18n texts, in English and Hindi (docs/product.md#languages,
    // docs/decisions/0100-the-pwas-texts.md); tests and their helpers may write what they look for.
    files: ['pwa/src/**/*.tsx'],
    ignores: ['pwa/src/**/__tests__/**', 'pwa/src/test-support/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', untranslatedTextOptions] },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    rules: {
      // An effect returns nothing or its cleanup. An expression body returns whatever the expression is
      // (`useEffect(() => window.scrollTo(0, 0), [])` handed React a non-function and blanked the app).
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression:matches([callee.name=${EFFECT_HOOK}], [callee.property.name=${EFFECT_HOOK}]) > ArrowFunctionExpression[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression'][body.type!='FunctionExpression']`,
          message: 'An effect returns nothing or a cleanup function: write its body in braces.',
        },
      ],
    },
  },
  {
    files: ['api/test/**/*.ts', 'pwa/src/**/__tests__/**/*.{ts,tsx}', 'pwa/src/test-support/**/*.{ts,tsx}', 'shared/src/**/*.spec.ts'],
    rules: {
      // supertest and JSON.parse answer `any`; the tests read it and `expect` checks its shape at run time.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `expect(mock.method).toHaveBeenCalled()` passes a vi.fn, which has no `this` to lose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['pwa/src/**/__tests__/**/*.{ts,tsx}'],
    ignores: ['pwa/src/test-support/until.ts'],
    rules: {
      // vi.waitFor gives up after 1 s, which a Dexie read beside the journeys and the API's tests outlasts (a flaky
      // unit test): the unit tests wait with one deadline.
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: "Wait with until() from src/test-support/until.ts (the unit tests' one deadline)." },
      ],
    },
  },
  {
    // Plain JavaScript has no type information for the type-aware rules to use. The TypeScript files outside the
    // api, pwa and shared projects are linted without it too: for the three config files the project service built
    // the repository's tsconfig.json, a second program of every TypeScript file here (≈ 15 CPU-s of the lint), and
    // for the journeys' one declaration file pwa/e2e's (≈ 2); the typecheck stage's `tsc -p tsconfig.tools.json`
    // and `tsc -p pwa/e2e` check their types (docs/testing.md).
    files: ['**/*.{js,mjs}', 'api/drizzle.config.ts', 'shared/vitest.config.ts', 'pwa/playwright.config.ts', 'pwa/e2e/**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
