/** The drawer, loaded when first opened; a file of its own: public.ts holding code would keep all it re-exports. */
export const loadCartDrawer = () => import('./components/cart-drawer');
