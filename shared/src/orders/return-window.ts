// The return window on its own (no schemas), so the app's shell can read it without the return bodies' code.

/** Days after delivery a return may be asked for (RETURN_WINDOW_DAYS on the server; the policy page says 7). */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;

/** Whether a delivery at `deliveredAt` can still be returned at `at`. */
export function withinReturnWindow(deliveredAt: Date, at: Date, days: number): boolean {
  return at.getTime() <= deliveredAt.getTime() + days * 86_400_000;
}
