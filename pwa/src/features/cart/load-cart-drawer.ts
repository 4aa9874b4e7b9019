/**
 * The drawer, loaded when first opened: its own chunk, which the shell's cart button must not carry. A file of its own,
 * not code in public.ts: a face that holds code is kept in the bundle with every module it re-exports.
 */
export const loadCartDrawer = () => import('./components/cart-drawer');
