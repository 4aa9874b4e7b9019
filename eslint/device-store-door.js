// The one door into the device's store (docs/architecture.md#the-pwas-data-layer), as one ESLint rule
// (`haat/device-store-door`): in pwa/src, only lib/storage/ imports Dexie (`dexie`, `dexie-react-hooks`) or the
// database module, lib/storage/db.ts. Everything else opens the database and reads it live through
// lib/storage/device-store.ts, which loads Dexie on first need, so the first visit's JS stays without it.
// Tests may import the database to seed and inspect the device.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importSources } from './import-boundaries.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DOOR = 'pwa/src/lib/storage/';
const DATABASE = 'pwa/src/lib/storage/db';
const DEXIE = /^dexie(-react-hooks)?(\/|$)/;
const isTest = (path) => /\/__tests__\/|\.test\.tsx?$|^pwa\/src\/test-(support\/|setup)/.test(path);

/** The message for importing `source` from the repository path `from`, or null when it is allowed. */
export function doorViolation(from, source) {
  if (!from.startsWith('pwa/src/') || from.startsWith(DOOR)) return null;
  if (DEXIE.test(source))
    return `Only lib/storage/ imports ${source}: read the device through useDeviceQuery and open it with openStorage (lib/storage/device-store.ts).`;
  if (isTest(from) || !source.startsWith('.')) return null;
  const to = relative(ROOT, resolve(ROOT, dirname(from), source))
    .split(sep)
    .join('/');
  return to.replace(/\.tsx?$/, '') === DATABASE
    ? 'Only lib/storage/ imports the database module: open it with openStorage, read it with useDeviceQuery (lib/storage/device-store.ts).'
    : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const deviceStoreDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Dexie and the database module are imported only inside lib/storage/, the door into the device store.' },
    schema: [],
  },
  create(context) {
    const from = relative(ROOT, context.filename).split(sep).join('/');
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const message = doorViolation(from, node.value);
      if (message) context.report({ node, message });
    };
    return importSources(check);
  },
};
