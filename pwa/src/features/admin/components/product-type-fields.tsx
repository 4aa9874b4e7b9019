import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/i18n';
import { unitForType } from '@haat/shared/catalog/product-unit.rule';
import { PRODUCT_TYPES, VARIABLE_UNITS } from '@haat/shared/common/limits';
import { unitName } from '../../../i18n/format';
import type { ProductFormValues, ProductType } from '../product-form-model';

/** docs/product.md#states: a fixed product's unit is 'pack'; a variable one picks its unit; switching sets one its type allows. */
export function ProductTypeFields() {
  const { t } = useTranslation('admin');
  const id = useId();
  const { control, register, getValues, setValue } = useFormContext<ProductFormValues>();
  const productType = useWatch({ control, name: 'productType' });
  const unit = useWatch({ control, name: 'unit' });
  return (
    <div className="product-type-fields">
      <div className="admin-field">
        <label htmlFor={`${id}-type`}>{t('form.field.productType')}</label>
        <select
          id={`${id}-type`}
          {...register('productType', {
            onChange: (e: { target: { value: string } }) => setValue('unit', unitForType(e.target.value as ProductType, getValues('unit'))),
          })}
        >
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`form.productType.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-unit`}>{t('form.field.unit')}</label>
        {productType === 'fixed' ? (
          // The form holds the unit ('pack'); the admin reads its name in their language.
          <input key="fixed" id={`${id}-unit`} type="text" readOnly aria-describedby={`${id}-unit-hint`} value={unitName(unit)} />
        ) : (
          <select key="variable" id={`${id}-unit`} {...register('unit')}>
            {VARIABLE_UNITS.map((u) => (
              <option key={u} value={u}>
                {unitName(u)}
              </option>
            ))}
          </select>
        )}
        {productType === 'fixed' && (
          <span id={`${id}-unit-hint`} className="variant-rows__hint">
            {t('form.fixedHint')}
          </span>
        )}
      </div>
    </div>
  );
}
