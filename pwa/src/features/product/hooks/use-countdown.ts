import { useEffect, useState } from 'react';

export interface Remaining {
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

export function splitRemaining(ms: number): Remaining {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60, done: total === 0 };
}

/** docs/product.md#states: counts down `durationMs` from when the page loaded, once a second, stopping at zero. */
export function useCountdown(durationMs: number, active: boolean): Remaining {
  const [endsAt] = useState(() => Date.now() + durationMs);
  const [now, setNow] = useState(() => Date.now());
  const remaining = splitRemaining(endsAt - now);
  useEffect(() => {
    if (!active || remaining.done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active, remaining.done]);
  return remaining;
}
