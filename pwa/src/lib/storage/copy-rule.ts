/**
 * The one rule against stale reloads (server-copy.ts) with every collection it copies (device-collections.ts): what
 * device-store.ts loadCopyRule hands out, with Dexie, to code on a first visit's path.
 */
export * from './server-copy';
export * from './device-collections';
