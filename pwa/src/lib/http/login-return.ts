import type { LoginReturn, PendingAdd } from './login-redirect-rule';

// What a finished sign-in reads of /login's router state; apart from login-redirect-rule.ts, which every first visit's `/`
// loads, as only the sign-in pages use these (docs/decisions/0091-a-lighter-first-visit.md).

/** Where a fresh sign-in goes: the page that sent the user to /login when it is one of this app's paths, else `/`. */
export function returnPathAfterLogin(state: unknown): string {
  const from = (state as LoginReturn | null | undefined)?.from;
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from) || from.startsWith('/login')) return '/';
  return from;
}

/** The Add carried through /login, when the state holds one of the right shape (history state can be old). */
export function pendingAddAfterLogin(state: unknown): PendingAdd | undefined {
  const add = (state as LoginReturn | null | undefined)?.add as Partial<PendingAdd> | undefined;
  if (!add || typeof add !== 'object' || typeof add.product?._id !== 'string' || typeof add.product.name !== 'string') return undefined;
  if (!Number.isInteger(add.quantity) || (add.quantity as number) < 1) return undefined;
  return { product: add.product, quantity: add.quantity as number, variant: add.variant ?? null };
}
