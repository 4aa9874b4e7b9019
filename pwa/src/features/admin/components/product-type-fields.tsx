import { useId } from 'react';
import { PRODUCT_TYPES, VARIABLE_UNITS } from '@haat/shared/common/limits';
import { withProductType, type ProductFormValues, type ProductType } from '../product-form-model';

interface Props {
  values: ProductFormValues;
  onChange: (next: (values: ProductFormValues) => ProductFormValues) => void;
}

const TYPE_LABELS: Record<ProductType, string> = { fixed: 'Fixed (sold by the pack)', variable: 'Variable (sold by measure)' };

/** docs/product.md#states product edit form: a fixed product's unit is read-only 'pack'; a variable one picks kg, litre, gm or ml. */
export function ProductTypeFields({ values, onChange }: Props) {
  const id = useId();
  return (
    <div className="product-type-fields">
      <div className="admin-field">
        <label htmlFor={`${id}-type`}>Product type</label>
        <select
          id={`${id}-type`}
          name="productType"
          value={values.productType}
          onChange={(e) => onChange((v) => withProductType(v, e.target.value as ProductType))}
        >
          {PRODUCT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-unit`}>Unit</label>
        {values.productType === 'fixed' ? (
          <input id={`${id}-unit`} name="unit" type="text" value={values.unit} readOnly aria-describedby={`${id}-unit-hint`} />
        ) : (
          <select id={`${id}-unit`} name="unit" value={values.unit} onChange={(e) => onChange((v) => ({ ...v, unit: e.target.value }))}>
            {VARIABLE_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        )}
        {values.productType === 'fixed' && (
          <span id={`${id}-unit-hint`} className="variant-rows__hint">
            A fixed product is sold by the pack.
          </span>
        )}
      </div>
    </div>
  );
}
