import { useTranslation } from 'react-i18next';
import { ruleSentence } from './rule-words';

/** The coupon schema's own rules (shared/src/promotions/coupon.schema.ts), each with its sentence in coupons.json `rule.*`. */
const RULES: Record<string, string> = {
  'must be 3 to 24 letters, digits or hyphens': 'code',
  'must be percent or flat': 'type',
  'must be more than 0 and at most 100 for a percent coupon': 'percent',
  'must be more than 0': 'positive',
  'is for percent coupons only': 'percentOnly',
  'must be after startsAt': 'endsAfterStart',
  'must be a date and time (ISO 8601)': 'date',
  'must be at least 1': 'atLeastOne',
};

/** "Value must be more than 0…" in the admin's language; rules the catalogue forms share go through rule-words.ts. */
export function useCouponRuleWords() {
  const { t } = useTranslation('coupons');
  return (field: string, message: string) => {
    const key = RULES[message];
    return key ? t(`rule.${key}`, { field }) : ruleSentence(t, field, message);
  };
}
