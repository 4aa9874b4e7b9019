import { useState } from 'react';

/** A control's busy state around `run(action)`; a failure is not rethrown: the HTTP client has shown the server's message. */
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
