import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n/i18n';
import { dueTime } from '../../../lib/delivery/delivery-promise';
import { timeLeftWords } from '../store-queue';

afterEach(async () => {
  await setLanguage('en-IN', false);
});

describe("a dark store's queue (docs/product.md#delivery)", () => {
  it("says the due time on India's clock, whatever the screen's time zone", () => {
    // 12:40 UTC is 6:10 pm in India; the test runner's clock is not India's.
    expect(dueTime('2026-11-26T12:40:00.000Z')).toMatch(/^6:10\s?pm$/i);
  });

  it('says what is left of the promise, or by how much it is late, in English and Hindi', async () => {
    const t = (key: string, options: Record<string, unknown>) => i18n.t(`stores:${key}`, options);
    expect(timeLeftWords(t, { minutesLeft: 7, late: false })).toBe('7 min left');
    expect(timeLeftWords(t, { minutesLeft: -3, late: true })).toBe('late by 3 min');
    // Late within its first minute: still "late by 1 min", never "late by 0".
    expect(timeLeftWords(t, { minutesLeft: 0, late: true })).toBe('late by 1 min');
    await setLanguage('hi-IN', false);
    expect(timeLeftWords(t, { minutesLeft: 7, late: false })).toBe('7 मिनट बाकी');
  });
});
