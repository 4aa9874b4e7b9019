import { SHOP_TIME_ZONE } from './shop-time-zone.js';

export { SHOP_TIME_ZONE };

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time of day on the shop's clock (India's, wherever the screen is) as the shop writes it (docs/product.md#delivery): "6:08 pm" in English; in Hindi
 * with the day's part in words, "शाम 6:08" (Intl's hi-IN alone prints "6:08 pm"; `dayPeriod` gives सुबह, दोपहर, शाम, रात).
 */
export function shopTime(at: Date | string | number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    const words = language.startsWith('hi') ? ({ dayPeriod: 'short' } as const) : {};
    format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE, ...words });
    formats.set(language, format);
  }
  return format.format(new Date(at));
}
