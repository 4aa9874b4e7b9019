import { useAtomValue } from 'jotai';
import { userAtom } from '../../../lib/http/session';

/** The signed-in shopper's username for the hero greeting (docs/product.md#screens, Home), or null for visitors. */
export function useGreetingName(): string | null {
  const user = useAtomValue(userAtom);
  return user ? user.username || user.name || null : null;
}
