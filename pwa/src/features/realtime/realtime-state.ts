import { atom } from 'jotai';

/** The admin's New Orders counter (docs/product.md#screens, Dashboard badge), in memory for this session. */
export const newOrdersCountAtom = atom(0);

/** Raised on every order event an admin receives; the admin order screens reload when it changes. */
export const adminOrdersStampAtom = atom(0);
