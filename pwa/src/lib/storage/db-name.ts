/** The IndexedDB database's name: db.ts opens it, and device-store.ts asks whether the device holds it without loading Dexie. */
export const DB_NAME = 'haat';
