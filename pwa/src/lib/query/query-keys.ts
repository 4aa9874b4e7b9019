/**
 * Every key of the one online-read cache, from one place (docs/architecture.md#server-reads-pwasrclibquery): a
 * module's `queryOptions` takes its key here, a write or a socket event invalidates by the same words, and a key's first
 * word is the prefix `invalidate` reads again. No key is typed inline.
 */
export const queryKeys = {
  /** A device collection's refresh (lib/storage/use-server-refresh.ts): its rows live in IndexedDB, not in this cache. */
  device: (key: string) => ['device', key] as const,
  config: () => ['config'] as const,
  /** The delivery promise (lib/delivery/promise-api.ts): every promise, a pincode's, or one product's or cart's there. */
  promises: () => ['promise'] as const,
  promise: (pincode: string, subject: string) => ['promise', pincode, subject] as const,
  card: (pincode: string, productId: string) => ['promise', pincode, 'card', productId] as const,
};
