// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n, setLanguage, useTranslation, type TFunction } from '../i18n';

// The PWA's own reading of its texts (i18n/i18n.ts), on the shop's real texts: what i18next did for them, the
// plurals, values, fallbacks and objects, and a component following the language switch.
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

describe('reading a text', () => {
  const english = i18n.getFixedT('en-IN');
  // Loads the Hindi texts (one chunk, as a Hindi shopper's first visit does).
  beforeAll(() => setLanguage('hi-IN', false));

  it('picks the plural by the language’s rule: in Hindi 0 and 1 are "one"', () => {
    expect([0, 1, 2].map((count) => english('cartItems', { count, total: '₹5' }))).toEqual(['Cart: 0 items, ₹5', 'Cart: 1 item, ₹5', 'Cart: 2 items, ₹5']);
    const admin = i18n.getFixedT('hi-IN', 'admin');
    expect(admin('overview.lowTotal', { count: 0, n: 0, threshold: 5 })).toBe(admin('overview.lowTotal', { count: 1, n: 0, threshold: 5 }));
    expect(admin('overview.lowTotal', { count: 0, n: 0, threshold: 5 })).not.toBe(admin('overview.lowTotal', { count: 2, n: 0, threshold: 5 }));
  });

  it('fills each {{value}} once, leaves one it was not given, and writes nothing for an undefined one', () => {
    expect(english('cartItems', { count: 2, total: '{{count}}' })).toBe('Cart: 2 items, {{count}}');
    expect(english('cartItems_other', { count: 2 })).toBe('Cart: 2 items, {{total}}');
    expect(english('cartItems', { count: 2, total: undefined })).toBe('Cart: 2 items, ');
  });

  it('reads another namespace by its prefix, and answers the key, or the default filled in, when no language has it', () => {
    expect(english('common:items', { count: 1 })).toBe('1 Item');
    expect(english('no.such.key')).toBe('no.such.key');
    expect(english('common:no.such.key', { defaultValue: 'Hello {{name}}', name: 'Asha' })).toBe('Hello Asha');
  });

  it('falls back to English for a text Hindi lacks', () => {
    i18n.addResourceBundle('en-IN', 'fallback-test', { only: 'English only {{n}}' });
    expect(i18n.getFixedT('hi-IN', 'fallback-test')('only', { n: 1 })).toBe('English only 1');
  });

  it('gives an object or array of texts with returnObjects, each text filled in', () => {
    i18n.addResourceBundle('en-IN', 'objects-test', { list: ['A {{x}}', { deep: 'B {{x}}' }] });
    expect(i18n.getFixedT('en-IN', 'objects-test')('list', { returnObjects: true, x: 1 })).toEqual(['A 1', { deep: 'B 1' }]);
  });
});

describe('a component’s texts', () => {
  it('renders again in the new language, keeping the same t while the language stays', async () => {
    const seen: TFunction[] = [];
    function Banner() {
      const { t } = useTranslation('common');
      seen.push(t);
      return <p data-testid="banner">{t('offline')}</p>;
    }
    const { rerender } = render(<Banner />);
    const before = screen.getByTestId('banner').textContent;
    rerender(<Banner />);
    expect(seen[1]).toBe(seen[0]);
    await act(() => setLanguage('hi-IN', false));
    expect(screen.getByTestId('banner').textContent).toBe(i18n.getFixedT('hi-IN')('offline'));
    expect(screen.getByTestId('banner').textContent).not.toBe(before);
    expect(i18n.language).toBe('hi-IN');
    expect(i18n.t('offline')).toBe(screen.getByTestId('banner').textContent);
  });
});
