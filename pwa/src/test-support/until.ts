import { vi } from 'vitest';

/**
 * How long a unit test waits for what comes after an action (a Dexie read, an answer taken in). The unit tests share
 * two cores with the API's tests and the browser journeys in `npm test` (docs/testing.md), where a page that reads
 * Dexie first took more than 5 s under full load; vi.waitFor's own 1 s ran out there. A test still fails when the
 * awaited thing never comes, only later. Testing Library's waits use the same deadline (src/test-setup.ts).
 */
export const SETTLE_MS = 20_000;

/** `check` retried until it passes (or the deadline above): vi.waitFor with the unit tests' one deadline. */
export function until<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: SETTLE_MS, interval: 20 });
}
