import { describe, expect, it } from 'vitest';
import { dueAtOf, dueState } from './due-time.js';

describe("an express order's due time", () => {
  const placed = new Date('2026-11-27T12:28:00Z');
  const due = dueAtOf(placed, 10);

  it('is its promise minutes after it was placed', () => {
    expect(due.toISOString()).toBe('2026-11-27T12:38:00.000Z');
  });

  it('counts whole minutes left, then the minutes late (at least one once past)', () => {
    expect(dueState(due, new Date('2026-11-27T12:31:30Z'))).toEqual({ late: false, minutesLeft: 6, minutesLate: 0 });
    expect(dueState(due.toISOString(), new Date('2026-11-27T12:38:20Z'))).toEqual({ late: true, minutesLeft: -1, minutesLate: 1 });
    expect(dueState(due, new Date('2026-11-27T12:43:00Z'))).toMatchObject({ late: true, minutesLate: 5 });
  });
});
