import { describe, expect, it } from 'vitest';
import { shopTime } from './shop-time.js';

describe("the shop's time of day", () => {
  // 12:38 UTC is 6:08 pm in India, whatever the clock of the machine running this.
  const evening = '2026-11-27T12:38:00Z';

  it("reads on India's clock in English", () => {
    expect(shopTime(evening, 'en-IN')).toBe('6:08 pm');
    expect(shopTime('2026-11-27T03:35:00Z', 'en-IN')).toBe('9:05 am');
  });

  it('says the part of the day in Hindi words, never "pm"', () => {
    expect(shopTime(evening, 'hi-IN')).toBe('शाम 6:08');
    expect(shopTime('2026-11-27T03:35:00Z', 'hi-IN')).toBe('सुबह 9:05');
    expect(shopTime('2026-11-27T16:00:00Z', 'hi-IN')).toBe('रात 9:30');
    expect(shopTime(evening, 'hi-IN')).not.toMatch(/am|pm/i);
  });
});
