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

/** An Add pressed while signed out: the product (as the cart keeps it), how many, and the chosen variant. */
export interface PendingAdd {
  product: CartProduct;
  quantity: number;
  variant: ChosenVariant | null;
}
