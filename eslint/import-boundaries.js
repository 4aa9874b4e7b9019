// The import boundaries of this repository, as one ESLint rule (`haat/import-boundaries`).
// Paths are resolved from the importing file, so `../../orders/x` is judged by where it lands:
// - workspaces: shared/ imports nothing from api/ or pwa/; api/ and pwa/ never import each other;
// - PWA features (pwa/src/features/<f>/): import lib/, app/, i18n/ (texts and formatters), @haat/shared, their own feature, and another
//   feature only through that feature's public file `pwa/src/features/<g>/public.ts`; their tests also
//   pwa/src/test-support/ (local servers and fixtures);
// - API domains (api/src/<d>/): another domain's tables (`*.table.ts`) only through that domain's service
//   or repository. Table files may reference other tables (foreign keys), and db/ (schema, seed) and the
//   tests reach every table by design.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WORKSPACE_PACKAGES = { '@haat/shared': 'shared', '@haat/api': 'api', '@haat/pwa': 'pwa' };
const FORBIDDEN_WORKSPACES = { shared: ['api', 'pwa'], api: ['pwa'], pwa: ['api'] };
const PWA_FEATURE_MAY_IMPORT = ['lib', 'app', 'i18n', 'features'];

/** Repository-relative, '/'-separated path without a script extension; null outside the repository. */
function repoPath(absolute) {
  const rel = relative(ROOT, absolute).split(sep).join('/');
  return rel.startsWith('..') ? null : rel.replace(/\.(m?js|tsx?)$/, '');
}

/** Where an import lands: a repository path, or the workspace a `@haat/*` package name stands for. */
function target(fromFile, source) {
  if (source.startsWith('.')) return repoPath(resolve(dirname(fromFile), source));
  const pkg = Object.keys(WORKSPACE_PACKAGES).find((name) => source === name || source.startsWith(`${name}/`));
  return pkg ? `${WORKSPACE_PACKAGES[pkg]}/${source.slice(pkg.length + 1) || 'index'}` : null;
}

/** The message for an import from `from` to `to` (both repository paths), or null when it is allowed. */
export function boundaryViolation(from, to) {
  const [fromWs] = from.split('/');
  const [toWs] = to.split('/');
  if (FORBIDDEN_WORKSPACES[fromWs]?.includes(toWs)) return `${fromWs}/ must not import from ${toWs}/ (${to}).`;

  const feature = /^pwa\/src\/features\/([^/]+)\//.exec(from)?.[1];
  if (feature && toWs === 'pwa') {
    const inSrc = /^pwa\/src\/([^/]+)(?:\/([^/]+)(\/.*)?)?$/.exec(to);
    const mayImport = from.includes('/__tests__/') ? [...PWA_FEATURE_MAY_IMPORT, 'test-support'] : PWA_FEATURE_MAY_IMPORT;
    if (!inSrc || !mayImport.includes(inSrc[1] ?? '')) {
      return `A feature imports lib/, app/, i18n/, @haat/shared and other features' public.ts only, not ${to}.`;
    }
    const [, area, other, rest] = inSrc;
    if (area === 'features' && other !== feature && rest !== '/public') {
      return `Import feature "${other}" through pwa/src/features/${other}/public.ts, not ${to}.`;
    }
  }

  const domain = /^api\/src\/([^/]+)\//.exec(from)?.[1];
  const tableOf = /^api\/src\/([^/]+)\/.*\.table$/.exec(to)?.[1];
  if (domain && tableOf && domain !== tableOf && domain !== 'db' && !from.endsWith('.table')) {
    return `Reach the ${tableOf} tables through the ${tableOf} service or repository, not ${to}.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports stay inside the boundaries of workspaces, PWA features and API domains.' },
    // `allow`: known exceptions as 'from -> to' (repository paths without extension), each one listed.
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
  },
  create(context) {
    const from = repoPath(context.filename);
    if (!from) return {};
    const allowed = new Set(context.options[0]?.allow ?? []);
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const to = target(context.filename, node.value);
      const message = to && !allowed.has(`${from} -> ${to}`) && boundaryViolation(from, to);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
