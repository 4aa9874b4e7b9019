import { atom, getDefaultStore } from 'jotai';
import { LIMITS } from '@haat/shared/common/limits';

export type ToastKind = 'success' | 'error' | 'plain' | 'loading';

/** The toast on screen (none or one); the <Toaster/> in the shell renders it. */
export const toastsAtom = atom<Array<{ id: number; kind: ToastKind; message: string }>>([]);

// docs/product.md#rules-and-limits: errors and plain 4 s, success 2 s, loading until dismissed; one at a time.
const DURATION: Record<ToastKind, number | null> = {
  success: LIMITS.toastSuccessMs,
  error: LIMITS.toastErrorMs,
  plain: LIMITS.toastErrorMs,
  loading: null,
};

const store = getDefaultStore();
let nextId = 1;

export function dismissToast(id: number): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

/** Callable from anywhere; one toast at a time, a new one in the shown one's place with a fresh timer (docs/product.md#rules-and-limits). */
export function showToast(message: string, kind: ToastKind = 'plain'): number {
  const id = nextId++;
  store.set(toastsAtom, [{ id, kind, message }]);
  const ms = DURATION[kind];
  if (ms !== null) setTimeout(() => dismissToast(id), ms);
  return id;
}

export const toast = {
  success: (message: string) => showToast(message, 'success'),
  error: (message: string) => showToast(message, 'error'),
  plain: (message: string) => showToast(message, 'plain'),
  loading: (message: string) => showToast(message, 'loading'),
  dismiss: dismissToast,
};
