import { useState } from 'react';

/**
 * A control's busy state around an action: `run(action)` holds it busy until the action settles. A failure is not
 * rethrown: the one HTTP client has already shown the server's message (lib/http/http.ts).
 */
export function useBusy(): [boolean, (action: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // the server's message is on screen
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
