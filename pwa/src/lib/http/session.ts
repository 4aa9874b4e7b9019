import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { User } from '@haat/shared/users/user.types';
import { tokens } from './tokens';

/** The signed-in user (docs/product.md#states), in localStorage so an app opened offline still knows who it is. */
export const userAtom = atomWithStorage<User | null>('haat.user', null, undefined, { getOnInit: true });

export const isSignedInAtom = atom((get) => get(userAtom) !== null);

export const isAdminAtom = atom((get) => get(userAtom)?.role === 'ADMIN');

const store = getDefaultStore();

/** For code outside React (the HTTP client, the outbox): is anyone signed in on this device? */
export function hasSession(): boolean {
  return Boolean(tokens.refresh() || tokens.access()) && store.get(userAtom) !== null;
}

export function setSessionUser(user: User | null): void {
  store.set(userAtom, user);
}

/** The session is over (logout, or the refresh token was refused): forget the user and the tokens. */
export function endSession(): void {
  tokens.clear();
  store.set(userAtom, null);
}
