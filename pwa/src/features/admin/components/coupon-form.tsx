import { useTranslation } from '../../../i18n/i18n';
import type { Coupon, CreateCouponRequest } from '@haat/shared/promotions/coupon.schema';
import { COUPON_FIELDS, MISSING, couponFieldsOf, couponRequest, emptyCouponFields, type CouponField } from '../coupon-form-model';
import { ruleSentence } from '../rule-words';
import { useCheckedForm, type InputProps } from './checked-form';

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
function useCouponRuleWords() {
  const { t } = useTranslation('coupons');
  return (field: string, message: string) => {
    const key = RULES[message];
    return key ? t(`rule.${key}`, { field }) : ruleSentence(t, field, message);
  };
}

interface Props {
  coupon?: Coupon;
  save: (body: CreateCouponRequest) => Promise<{ message: string }>;
  onClose: () => void;
  onSaved: () => void;
}

/** docs/product.md#coupons, the admin's coupon form; times are the admin's local time. */
export function CouponForm({ coupon, save, onClose, onSaved }: Props) {
  const { t } = useTranslation('coupons');
  const ruleWords = useCouponRuleWords();
  const { fields, field, dialog } = useCheckedForm({
    t,
    testId: 'coupon',
    names: COUPON_FIELDS,
    initial: () => (coupon ? couponFieldsOf(coupon) : emptyCouponFields()),
    check: couponRequest,
    save: async (body) => (await save(body)).message || t('saved'),
    words: (name: CouponField, problem: string) => (problem === MISSING ? t(`missing.${name}`) : ruleWords(t(`field.${name}`), problem)),
    onSaved,
    onClose,
  });
  const text =
    (numeric = false) =>
    (p: InputProps) => <input type="text" inputMode={numeric ? 'decimal' : undefined} autoComplete="off" {...p} />;
  const when = (p: InputProps) => <input type="datetime-local" {...p} />;

  return dialog(
    coupon ? t('edit', { code: coupon.code }) : t('add'),
    <>
      {field('code', text())}
      {field('type', (p) => (
        <select {...p}>
          <option value="percent">{t('type.percent')}</option>
          <option value="flat">{t('type.flat')}</option>
        </select>
      ))}
      {field('value', text(true), fields.type === 'percent' ? t('hint.percent') : t('hint.flat'))}
      {fields.type === 'percent' && field('maxDiscount', text(true), t('hint.optional'))}
      {field('minOrder', text(true), t('hint.optional'))}
      {field('startsAt', when)}
      {field('endsAt', when)}
      {field('totalUses', text(true), t('hint.optional'))}
      {field('perAccountUses', text(true), t('hint.optional'))}
    </>,
  );
}
