import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { formatMoney } from '../../../i18n/format';
import type { AppliedCoupon } from '../hooks/use-coupon';

interface Props {
  applied: AppliedCoupon | null;
  error: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** "Coupon code" with Apply, or the applied code with what it takes off and Remove (docs/product.md#coupons). */
export function CouponField({ applied, error, busy, onApply, onRemove }: Props) {
  const { t } = useTranslation('checkout');
  const [code, setCode] = useState('');
  const id = useId();
  if (applied) {
    return (
      <section className="coupon-field" aria-label={t('coupon.label')}>
        <p className="coupon-field__applied" data-testid="coupon-applied" role="status">
          {t('coupon.applied', { code: applied.code, amount: formatMoney(applied.discountAmt) })}
        </p>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="coupon-remove"
          aria-label={t('coupon.removeLabel', { code: applied.code })}
          onClick={() => {
            setCode('');
            onRemove();
          }}
        >
          {t('coupon.remove')}
        </button>
      </section>
    );
  }
  return (
    <form
      className="coupon-field"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply(code);
      }}
    >
      <label className="coupon-field__label" htmlFor={`${id}-code`}>
        {t('coupon.label')}
      </label>
      <div className="coupon-field__row">
        <input
          id={`${id}-code`}
          className="coupon-field__input"
          name="couponCode"
          data-testid="coupon-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn btn--ghost btn--small" data-testid="coupon-apply" disabled={busy}>
          {busy ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="coupon-field__error" role="alert" data-testid="coupon-error">
          {error}
        </p>
      )}
    </form>
  );
}
