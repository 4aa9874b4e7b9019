/** When an express order placed at `createdAt` is due: its promise's minutes later (docs/product.md#delivery). */
export function dueAtOf(createdAt: Date, minutes: number): Date {
  return new Date(createdAt.getTime() + minutes * 60_000);
}

/**
 * Where an express order stands against its due time at `now`, as the store's queue and the shopper's screens both
 * say it: whole minutes left, or late (past dueAt) by at least one minute.
 */
export function dueState(dueAt: Date | string, now: Date): { late: boolean; minutesLeft: number; minutesLate: number } {
  const due = new Date(dueAt).getTime();
  const minutesLeft = Math.floor((due - now.getTime()) / 60_000);
  const late = now.getTime() > due;
  return { late, minutesLeft, minutesLate: late ? Math.max(1, -minutesLeft) : 0 };
}
