import { useId } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { gstRatesToday } from '@haat/shared/catalog/product.schema';
import { useTranslation } from '../../../i18n/i18n';
import type { ProductFormValues } from '../product-form-model';
import { FieldProblem } from './form-field';

/**
 * The product's GST rate, chosen from the slabs in force today (shared/src/gst/gst-rates.ts; docs/product.md#tax-invoices).
 * A product stored on a slab since gone (12 %) shows it, marked so, until the admin picks one in force.
 */
export function GstRateField({ describe }: { describe: (path: string, message: string) => string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const value = useWatch({ control, name: 'gstRate' });
  const rates = gstRatesToday().map(String);
  const invalid = Boolean(get(errors, 'gstRate'));
  return (
    <div className="admin-field">
      <label htmlFor={id}>{t('form.field.gstRate')}</label>
      <select
        id={id}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-problem` : undefined}
        data-testid="product-gst-rate"
        {...register('gstRate')}
      >
        <option value="">{t('form.placeholder.gstRate')}</option>
        {value !== '' && !rates.includes(value) && <option value={value}>{t('form.gstRateGone', { rate: value })}</option>}
        {rates.map((rate) => (
          <option key={rate} value={rate}>
            {t('form.gstRateOption', { rate })}
          </option>
        ))}
      </select>
      <FieldProblem id={`${id}-problem`} name="gstRate" describe={describe} />
    </div>
  );
}
