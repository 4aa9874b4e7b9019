import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';

/** Catalogue reads: a failed refresh while browsing must not yank the shopper to /login. */
const PUBLIC_SEGMENTS = new Set(['home', 'product', 'products']);

/**
 * docs/product.md#states: to /login when the session cannot be refreshed, "unless the failing call path contains /,
 * /home, /product or /products": read as the root path itself, or those as whole segments (else it would never fire).
 */
export function shouldSendToLogin(callUrl: string, pagePath: string): boolean {
  if (pagePath === '/login') return false;
  const path = new URL(callUrl, 'http://local.invalid').pathname.replace(/^\/api(?=\/|$)/, '');
  if (path === '' || path === '/') return false;
  return !path.split('/').some((segment) => PUBLIC_SEGMENTS.has(segment));
}

/** What /login is handed by a page that needed a session: where to go back, and what was being added to the cart. */
export interface LoginReturn {
  from?: unknown;
  add?: unknown;
}

/** The router state for /login when the user is sent there from `path` (nothing for the login page itself). */
export function loginReturnState(path: string): LoginReturn | undefined {
  return path && path !== '/login' ? { from: path } : undefined;
}

/** Where a fresh sign-in goes: the page that sent the user to /login when it is one of this app's paths, else `/`. */
export function returnPathAfterLogin(state: unknown): string {
  const from = (state as LoginReturn | null | undefined)?.from;
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from) || from.startsWith('/login')) return '/';
  return from;
}

/** An Add pressed while signed out: the product (as the cart keeps it), how many, and the chosen variant. */
export interface PendingAdd {
  product: CartProduct;
  quantity: number;
  variant: ChosenVariant | null;
}

/** The Add carried through /login, when the state holds one of the right shape (history state can be old). */
export function pendingAddAfterLogin(state: unknown): PendingAdd | undefined {
  const add = (state as LoginReturn | null | undefined)?.add as Partial<PendingAdd> | undefined;
  if (!add || typeof add !== 'object' || typeof add.product?._id !== 'string' || typeof add.product.name !== 'string') return undefined;
  if (!Number.isInteger(add.quantity) || (add.quantity as number) < 1) return undefined;
  return { product: add.product, quantity: add.quantity as number, variant: add.variant ?? null };
}
