import { atom, getDefaultStore } from 'jotai';
import { LIMITS } from '@haat/shared/common/limits';

export type ToastKind = 'success' | 'error' | 'plain' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Toasts with the same key are one message: a new one takes the old one's place instead of piling up. */
  key: string;
}

/** Toasts on screen, oldest first; the <Toaster/> in the shell renders them. */
export const toastsAtom = atom<Toast[]>([]);

// docs/product.md#rules-and-limits: errors and plain 4 s, success 2 s, loading until dismissed; at most 20 shown.
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

/**
 * Callable from anywhere (HTTP client, service-worker events), not only from components. A toast with the
 * same key as one on screen (by default the same kind and words) replaces it, so a limit met again and again
 * is said once, with a fresh timer, not stacked (docs/product.md#rules-and-limits).
 */
export function showToast(message: string, kind: ToastKind = 'plain', key = `${kind}:${message}`): number {
  const id = nextId++;
  store.set(toastsAtom, (list) => [...list.filter((t) => t.key !== key), { id, kind, message, key }].slice(-LIMITS.maxToasts));
  const ms = DURATION[kind];
  if (ms !== null) setTimeout(() => dismissToast(id), ms);
  return id;
}

export const toast = {
  success: (message: string, key?: string) => showToast(message, 'success', key),
  error: (message: string, key?: string) => showToast(message, 'error', key),
  plain: (message: string, key?: string) => showToast(message, 'plain', key),
  loading: (message: string) => showToast(message, 'loading'),
  dismiss: dismissToast,
};
