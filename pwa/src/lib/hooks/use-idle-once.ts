import { useEffect, useState } from 'react';

/** Whether the browser has been idle once since the screen opened (at most 3 s; at once where it cannot tell). */
export function useIdleOnce(): boolean {
  const [idle, setIdle] = useState(typeof requestIdleCallback === 'undefined');
  useEffect(() => {
    if (idle) return;
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }, [idle]);
  return idle;
}
