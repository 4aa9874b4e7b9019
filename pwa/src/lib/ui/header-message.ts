import { atom, getDefaultStore } from 'jotai';
import { LIMITS } from '@haat/shared/common/limits';

/** The header's transient message line (docs/product.md#screens, "Header messages"). */
export const headerMessageAtom = atom<string | null>(null);

const store = getDefaultStore();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows `text` under the header; Login/Logout successful! use 2 s (LIMITS.headerLoginMessageMs). */
export function showHeaderMessage(text: string, ms: number = LIMITS.headerMessageMs): void {
  clearTimeout(timer);
  store.set(headerMessageAtom, text);
  timer = setTimeout(() => store.set(headerMessageAtom, null), ms);
}
