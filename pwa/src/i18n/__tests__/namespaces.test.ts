// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { i18nNamespaces, namespacesNamed } from '../../../build/i18n-namespaces';

// build/i18n-namespaces.ts: the English texts other than `common` travel with the code that names them
// (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
const plugin = i18nNamespaces();
const transform = (code: string, id: string) => (plugin.transform as (code: string, id: string) => { code: string } | null).call({}, code, id)?.code ?? null;

describe('English namespaces load with the code that names them', () => {
  it('finds the namespaces a module names, in every form the source uses', () => {
    const code = [
      "const { t } = useTranslation('cart');",
      "toast(i18n.t('account:wishlist.added'));",
      "const m = i18n.t('orders:placed');",
      "t('plainKey'); useTranslation();",
    ].join('\n');
    expect(namespacesNamed(code).sort()).toEqual(['account', 'cart', 'orders']);
  });

  it('imports each named namespace that has a file, but not the shell’s own or unknown ones', () => {
    const out = transform("useTranslation('cart'); i18n.t('checkout:x'); t('common:y'); t('max: 3'); t('nosuch:z');", '/x/pwa/src/features/cart/a.tsx');
    expect(out).toMatch(/^import 'virtual:haat-texts\/cart';import 'virtual:haat-texts\/checkout';useTranslation/);
    expect(out).not.toMatch(/haat-texts\/(common|max|nosuch)/);
  });

  it('leaves i18n/ itself and non-source files alone', () => {
    expect(transform("useTranslation('cart')", '/x/pwa/src/i18n/format.ts')).toBeNull();
    expect(transform("useTranslation('cart')", '/x/pwa/src/features/cart/cart.css')).toBeNull();
  });

  it('adds the namespace to the texts when its module runs', () => {
    const load = plugin.load as (id: string) => string | null;
    const code = load.call({}, '\0virtual:haat-texts/cart')!;
    expect(code).toMatch(/import texts from ".*\/src\/i18n\/en-IN\/cart\.json";/);
    expect(code).toMatch(/addEnglish\("cart", texts\);/);
  });
});
