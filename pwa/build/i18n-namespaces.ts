import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const I18N = fileURLToPath(new URL('../src/i18n/', import.meta.url));
const SOURCE = /[\\/]pwa[\\/]src[\\/](?!i18n[\\/]).*\.tsx?$/;
const PREFIX = 'virtual:haat-texts/';
/** The shell's namespace: i18n.ts bundles it; every other one travels with the code that uses it. */
export const SHELL_NAMESPACE = 'common';

/** The namespaces a module names: `useTranslation('ns')`, `t('ns:key')` / `i18n.t('ns:key')`. */
export function namespacesNamed(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\buseTranslation\(\s*['"]([\w-]+)['"]/g)) found.add(m[1]!);
  for (const m of code.matchAll(/\bt\(\s*['"`]([\w-]+):/g)) found.add(m[1]!);
  return [...found];
}

/**
 * English texts load with the feature that shows them (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
 * A module under src/ that names a namespace other than `common` gets an import of `virtual:haat-texts/<ns>`, which
 * adds src/i18n/en-IN/<ns>.json to the texts (src/i18n/i18n.ts) when it runs, so the JSON sits in (or beside) the chunk of the code that
 * uses it and is there before that code renders or toasts. Any en-IN/*.json file is a namespace: nothing to register.
 */
export function i18nNamespaces(): Plugin {
  return {
    name: 'haat:i18n-namespaces',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const ns = id.slice(PREFIX.length + 1);
      return [
        `import texts from ${JSON.stringify(`${I18N}en-IN/${ns}.json`)};`,
        `import { addEnglish } from ${JSON.stringify(`${I18N}i18n.ts`)};`,
        `addEnglish(${JSON.stringify(ns)}, texts);`,
      ].join('\n');
    },
    transform(code, id) {
      if (!SOURCE.test(id.split('?')[0]!)) return null;
      const imports = namespacesNamed(code)
        .filter((ns) => ns !== SHELL_NAMESPACE && existsSync(`${I18N}en-IN/${ns}.json`))
        .map((ns) => `import '${PREFIX}${ns}';`);
      return imports.length ? { code: `${imports.join('')}${code}`, map: null } : null;
    },
  };
}
