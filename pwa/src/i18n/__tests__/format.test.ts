import { describe, expect, it } from 'vitest';
import { englishDate, formatDate, unitName } from '../format';
import { formatShopTime } from '../format-shop-time';
import { setLanguage } from '../i18n';

// format.ts writes the browsing pages' English dates out instead of building an Intl.DateTimeFormat (its first one
// costs tens of ms of locale loading): they must print exactly what en-IN's Intl prints.
const REVIEW: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DELIVERY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };

describe('English dates without Intl', () => {
  it('print what en-IN Intl prints, every day of two years, in local time and in UTC', () => {
    const review = new Intl.DateTimeFormat('en-IN', REVIEW);
    const delivery = new Intl.DateTimeFormat('en-IN', DELIVERY);
    const localDays = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
    for (let t = Date.UTC(2026, 0, 1, 5, 30); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const date = new Date(t);
      expect(englishDate(date, REVIEW)).toBe(review.format(date));
      expect(englishDate(date, DELIVERY)).toBe(delivery.format(date));
      expect(englishDate(date, { weekday: 'short', day: 'numeric', month: 'short' })).toBe(localDays.format(date));
    }
  });

  it('leave any other shape, an unknown zone or an invalid date to Intl', () => {
    const date = new Date(Date.UTC(2026, 10, 28));
    expect(englishDate(date, { day: 'numeric', month: 'long', year: 'numeric' })).toBeNull();
    expect(englishDate(date, { ...REVIEW, hour: '2-digit' })).toBeNull();
    expect(englishDate(date, { ...REVIEW, timeZone: 'Asia/Kolkata' })).toBeNull();
    expect(englishDate(new Date('nonsense'), REVIEW)).toBeNull();
    expect(formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe('28 November 2026');
    expect(() => formatDate('nonsense')).toThrow(RangeError);
  });

  it('formatDate in English uses them: a review date and a delivery day', () => {
    expect(formatDate(new Date(2026, 8, 5))).toBe('5 Sept 2026');
    expect(formatDate(new Date('2026-11-28T00:00:00Z'), DELIVERY)).toBe('Sat, 28 Nov');
  });
});

describe("a product's unit on the admin's screens", () => {
  it('names the units the shop knows in the language, and keeps any other as written', async () => {
    expect(['pack', 'kg', '1 dozen'].map(unitName)).toEqual(['pack', 'kg', '1 dozen']);
    await setLanguage('hi-IN', false);
    try {
      expect(['pack', 'kg', 'gm', '1 dozen'].map(unitName)).toEqual(['पैक', 'किलो', 'ग्राम', '1 dozen']);
    } finally {
      await setLanguage('en-IN', false);
    }
  });

  it("prints times on the shop's clock with the day's part in Hindi words, never 'pm'", async () => {
    const evening = '2026-11-27T12:38:00Z';
    expect(formatShopTime(evening)).toBe('6:08 pm');
    await setLanguage('hi-IN', false);
    try {
      expect(formatShopTime(evening)).toBe('शाम 6:08');
      const withDay = formatDate(evening, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
      expect(withDay).toContain('शाम 6:08');
      expect(withDay).not.toMatch(/am|pm/i);
    } finally {
      await setLanguage('en-IN', false);
    }
  });
});
