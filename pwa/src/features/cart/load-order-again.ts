/** Order again, loaded on its first tap (a file of its own: public.ts holding code would keep all it re-exports). */
export const loadOrderAgain = () => import('./order-again');
