/** India's offset from UTC: the shop's books, tax documents and periods are kept on India's calendar and clock. */
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** A period of days (YYYY-MM-DD, both included) as the moments it runs between: [start of `from`, start of the day after `to`). */
export function periodBounds(from: string, to: string): { start: Date; end: Date } {
  const start = new Date(`${from}T00:00:00+05:30`);
  return { start, end: new Date(new Date(`${to}T00:00:00+05:30`).getTime() + DAY_MS) };
}

/** A moment as India's clock shows it, `YYYY-MM-DD HH:mm:ss`. */
export function indiaClock(at: Date): string {
  return new Date(at.getTime() + IST_MS).toISOString().slice(0, 19).replace('T', ' ');
}
