import { shopTime } from '@haat/shared/common/shop-time';
import { currentLanguage } from './i18n';

/**
 * A time of day on the shop's clock (India's) in the current language: "6:08 pm" / "शाम 6:08". Apart from format.ts:
 * only the delivery promise says one, and `/` does not load it (docs/decisions/0091-a-lighter-first-visit.md).
 */
export const formatShopTime = (at: Date | string | number): string => shopTime(at, currentLanguage());
