import { atom } from 'jotai';

/** The admin's New Orders counter (docs/product.md#screens, Dashboard badge), in memory for this session. */
export const newOrdersCountAtom = atom(0);
