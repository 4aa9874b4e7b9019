import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../lib/http/session';

/** Opens the session's realtime connection from the screens with live data; it stays until logout. */
export function useRealtime(): void {
  const userId = useAtomValue(userAtom)?._id;
  useEffect(() => {
    // Offline on a device that never loaded it, the chunk is not there, and nothing to connect to either.
    if (userId) void import('./realtime-connection').then((m) => m.startRealtime()).catch(() => undefined);
  }, [userId]);
}
