// The import boundaries of this repository, as one ESLint rule (`haat/import-boundaries`).
// Paths are resolved from the importing file, so `../../orders/x` is judged by where it lands:
// - workspaces: shared/ imports nothing from api/ or pwa/; api/ and pwa/ never import each other;
// - PWA features (pwa/src/features/<f>/): import lib/, i18n/ (texts and formatters), @haat/shared, their own feature, and another
//   feature only through that feature's public file `pwa/src/features/<g>/public.ts`; never app/ (the app stands on the
//   features, not under them); their tests also pwa/src/test-support/ (local servers and fixtures);
// - the PWA's app/ enters a feature through its public.ts too; only the route tables (app/routes.tsx, app/other-routes.tsx)
//   name a page module (`*.page`), which they load with import() so that each page is a chunk of its own (an import() of
//   public.ts would be one chunk of everything it re-exports). The app's tests reach anything;
// - the API (api/src/): its top-level folders stand on floors (API_FLOORS, lowest first): a folder imports
//   only folders on lower floors, never one on its own floor or above, so no two folders import each other
//   and nothing shared reaches up into a domain (docs/architecture.md#the-apis-floors). Another domain is
//   entered through its face, `api/src/<d>/index.ts`, never a deeper file; a domain does not import its own
//   face. The exceptions are drizzle's: db/schema.ts gathers every table, a table file names the tables its
//   foreign keys reference, and the seed loads tables directly. The tests reach anything.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WORKSPACE_PACKAGES = { '@haat/shared': 'shared', '@haat/api': 'api', '@haat/pwa': 'pwa' };
const FORBIDDEN_WORKSPACES = { shared: ['api', 'pwa'], api: ['pwa'], pwa: ['api'] };
const PWA_FEATURE_MAY_IMPORT = ['lib', 'i18n', 'features'];

/**
 * The API's floors, lowest first; `.` is api/src itself (main.ts, the app module and factory). The first six
 * are the shared floors, which import no domain; then the domains, each above what it uses; then the top,
 * which wires them together. A folder not listed here is refused until it is given a floor.
 */
export const API_FLOORS = [
  ['config'],
  ['logging'],
  ['i18n'],
  ['common'],
  ['db'],
  ['redis'],
  ['jobs'],
  ['users'],
  ['notices'],
  ['mail', 'sms'],
  ['throttle'],
  ['auth'],
  ['files'],
  ['security-headers', 'public-config'],
  ['inventory'],
  ['catalog'],
  ['search'],
  ['addresses'],
  ['cart'],
  ['delivery', 'stores'],
  ['invoices', 'promotions'],
  ['orders', 'gst'],
  ['payments', 'books', 'ondc'],
  ['push', 'whatsapp'],
  ['shopper-notices'],
  ['realtime'],
  ['reviews'],
  ['wishlist', 'back-in-stock'],
  ['contact'],
  ['account'],
  ['seed', 'health', 'metrics', 'openapi'],
  ['.'],
];
const SHARED_FLOORS = new Set(['config', 'logging', 'i18n', 'common', 'db', 'redis']);
const floorOf = new Map(API_FLOORS.flatMap((folders, i) => folders.map((folder) => [folder, i])));
/** A folder's floor; one that has none is refused before any comparison. */
const floor = (/** @type {string} */ folder) => floorOf.get(folder) ?? Number.POSITIVE_INFINITY;
const kindOf = (folder) => (SHARED_FLOORS.has(folder) ? 'shared floor' : floor(folder) >= floor('seed') ? 'top folder' : 'domain');
const below = (folder) =>
  API_FLOORS.slice(0, floor(folder))
    .flat()
    .filter((f) => f !== '.')
    .join(', ');

/** The API folder of a repository path under api/src ('.' for a file directly in it), or null. */
function apiFolder(path) {
  const m = /^api\/src\/(?:([^/]+)\/)?[^/]+$/.exec(path) ?? /^api\/src\/([^/]+)\//.exec(path);
  if (!m) return null;
  return m[1] ?? '.';
}

/** The message for an import inside api/src that crosses the floors or enters a domain past its face, or null. */
function apiViolation(from, to) {
  const fromFolder = apiFolder(from);
  const toFolder = apiFolder(to);
  if (fromFolder === null || toFolder === null) return null;
  if (fromFolder === toFolder) {
    return fromFolder !== '.' && !SHARED_FLOORS.has(fromFolder) && to === `api/src/${fromFolder}/index`
      ? `Inside ${fromFolder}/, import the file itself, not the folder's face (the face is for other folders).`
      : null;
  }
  // drizzle: the table list gathers every table, a table names the tables its foreign keys reference, the seed loads tables.
  if (to.endsWith('.table') && (from === 'api/src/db/schema' || (from.endsWith('.table') && floor(toFolder) < floor(fromFolder)) || fromFolder === 'seed')) {
    return null;
  }
  for (const folder of [fromFolder, toFolder]) {
    if (!floorOf.has(folder))
      return `api/src/${folder}/ has no floor: give it one in API_FLOORS (eslint/import-boundaries.js) and docs/architecture.md#the-apis-floors.`;
  }
  if (floor(toFolder) >= floor(fromFolder)) {
    const lower = below(fromFolder);
    return `${fromFolder}/ (a ${kindOf(fromFolder)}) must not import ${toFolder}/ (a ${kindOf(toFolder)} on ${
      floor(toFolder) === floor(fromFolder) ? 'the same floor' : 'a higher floor'
    }): it may use ${lower || 'nothing of api/src'}. Turn the dependency around (a port or an event the lower folder owns); see docs/architecture.md#the-apis-floors.`;
  }
  if (!SHARED_FLOORS.has(toFolder) && to !== `api/src/${toFolder}/index`) {
    return `Enter ${toFolder}/ through its face, api/src/${toFolder}/index.ts, not ${to}: export what others need from there.`;
  }
  return null;
}

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
      return `A feature imports lib/, i18n/, @haat/shared and other features' public.ts only, not ${to}${
        inSrc?.[1] === 'app' ? ' (app/ stands on the features: move what both need to lib/)' : ''
      }.`;
    }
    const [, area, other, rest] = inSrc;
    if (area === 'features' && other !== feature && rest !== '/public') {
      return `Import feature "${other}" through pwa/src/features/${other}/public.ts, not ${to}.`;
    }
  }

  const entered = /^pwa\/src\/features\/([^/]+)\/(.+)$/.exec(to);
  if (from.startsWith('pwa/src/app/') && !from.includes('/__tests__/') && entered && entered[2] !== 'public') {
    const page = (from === 'pwa/src/app/routes' || from === 'pwa/src/app/other-routes') && (entered[2] ?? '').endsWith('.page');
    if (!page) return `app/ enters feature "${entered[1]}" through pwa/src/features/${entered[1]}/public.ts, not ${to}.`;
  }

  return apiViolation(from, to);
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
    return importSources(check);
  },
};

/**
 * The ESLint visitors that hand `check` the source of every import and re-export, static or dynamic: what the
 * rules about who may import what (this one, eslint/device-store-door.js) look at.
 * @param {(node: any) => void} check
 */
export function importSources(check) {
  return {
    ImportDeclaration: (/** @type {any} */ node) => check(node.source),
    ExportNamedDeclaration: (/** @type {any} */ node) => check(node.source),
    ExportAllDeclaration: (/** @type {any} */ node) => check(node.source),
    ImportExpression: (/** @type {any} */ node) => check(node.source),
  };
}
