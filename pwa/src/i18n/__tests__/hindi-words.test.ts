// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../i18n';

// Hindi that reads as Hindi (docs/product.md#languages): the words a walk through the shop found wrong, each held here
// so the old text fails. The API's mails have the same check (api/src/i18n/hindi-words.spec.ts).
const HINDI = import.meta.glob<Tree>('../hi-IN/*.json', { eager: true, import: 'default' });
type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const texts = Object.entries(HINDI).flatMap(([file, tree]) => leaves(tree, `${file.replace(/^.*\/|\.json$/g, '')}:`));

describe('the Hindi texts', () => {
  beforeAll(() => setLanguage('hi-IN', false));
  afterAll(() => setLanguage('en-IN', false));

  it('spell WhatsApp one way, as the brand writes it', () => {
    expect(texts.filter(([, text]) => /व्हाट्स|वॉट्स|वाट्सऐप/.test(text))).toEqual([]);
  });

  it('never say "पर" twice around one place ("{{mobile}} पर WhatsApp पर")', () => {
    expect(texts.filter(([, text]) => /पर\s+\S+\s+पर(\s|$|।)/.test(text))).toEqual([]);
  });

  it('agree with सूचनाएँ (feminine plural): की थीं, मिलेंगी, not किए थे, मिलेंगे', () => {
    expect(texts.filter(([, text]) => /सूचनाएँ[^।]*(किए थे|मिलेंगे)/.test(text))).toEqual([]);
  });

  it('say that nobody waits when nobody does, not "0 ग्राहक … इंतज़ार कर रहा है"', () => {
    const admin = i18n.getFixedT('hi-IN', 'admin');
    const none = admin('form.waiting', { count: 0, n: '0' });
    expect(none).not.toMatch(/0 ग्राहक|कर रहा है/);
    expect(none).toContain('कोई ग्राहक');
    expect(admin('form.waiting', { count: 1, n: '1' })).toContain('1 ग्राहक');
  });
});
