// @vitest-environment node
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The CI check of docs/product.md#languages: both languages have the same keys, and every key the source
// asks for exists. Runs with the PWA's unit tests.
const I18N = fileURLToPath(new URL('..', import.meta.url));
const SRC = fileURLToPath(new URL('../..', import.meta.url));
type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
const namespaces = (lang: string) =>
  Object.fromEntries(
    readdirSync(join(I18N, lang))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(join(I18N, lang, f), 'utf8')) as Tree)]),
  );
const english = namespaces('en-IN');
const hindi = namespaces('hi-IN');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'test-support' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

/** Every `t('key')` and `i18n.t('ns:key')` in the source, with the namespace it resolves in. */
function usedKeys(): { file: string; key: string }[] {
  return sources(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const ns = /useTranslation\(\s*'([^']+)'/.exec(text)?.[1] ?? 'common';
    const keys = [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]!);
    return keys.map((key) => ({ file: relative(SRC, file), key: key.includes(':') ? key : `${ns}:${key}` }));
  });
}

describe('the texts of both languages', () => {
  it('has the same namespaces and keys in English and Hindi', () => {
    expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
    for (const ns of Object.keys(english)) {
      expect({ ns, missingInHindi: english[ns]!.filter((k) => !hindi[ns]!.includes(k)) }).toEqual({ ns, missingInHindi: [] });
      expect({ ns, missingInEnglish: hindi[ns]!.filter((k) => !english[ns]!.includes(k)) }).toEqual({ ns, missingInEnglish: [] });
    }
  });

  it('has no empty text', () => {
    for (const lang of ['en-IN', 'hi-IN'])
      for (const file of readdirSync(join(I18N, lang))) {
        const empty = flatten(JSON.parse(readFileSync(join(I18N, lang, file), 'utf8')) as Tree).filter((k) => !k);
        expect({ lang, file, empty }).toEqual({ lang, file, empty: [] });
      }
  });

  it('has every key the source uses', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(20);
    const has = (full: string) => {
      const [ns, key] = full.split(':') as [string, string];
      const keys = english[ns] ?? [];
      // A plural key: i18n.ts picks key_one / key_other (Intl.PluralRules, in Hindi as in English); a key
      // read with returnObjects names an object or array of texts (info's paragraphs and questions).
      return keys.includes(key) || keys.includes(`${key}_other`) || keys.some((k) => k.startsWith(`${key}.`));
    };
    expect(used.filter(({ key }) => !has(key))).toEqual([]);
  });
});
