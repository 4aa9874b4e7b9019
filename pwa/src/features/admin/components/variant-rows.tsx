import { useId } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/i18n';
import { newVariantRow, type ProductFormValues } from '../product-form-model';
import { FieldProblem } from './form-field';
import { ImageListField } from './image-list-field';

interface Props {
  onPreview: (url: string) => void;
  onBusy: (busy: boolean) => void;
  describe: (path: string, message: string) => string;
}

type Field = 'name' | 'price' | 'stock';

/**
 * The product's variants (docs/product.md#records, Variant, #screens product page variant buttons): a name each, and a price,
 * stock and images only where the variant differs from the product. Rows keep their stored _id.
 */
export function VariantRows({ onPreview, onBusy, describe }: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const rows = useFieldArray({ control, name: 'variants', keyName: 'fieldId' });
  const images = useWatch({ control, name: 'variants' });

  // An upload may end after rows above it were removed: its images go to the row with its key, if still there.
  const onImages = (key: string, next: (images: string[]) => string[]) => {
    const i = getValues('variants').findIndex((r) => r.key === key);
    if (i >= 0) setValue(`variants.${i}.image`, next(getValues(`variants.${i}.image`)), { shouldDirty: true });
  };

  const input = (key: string, index: number, field: Field) => {
    const inputId = `${id}-${key}-${field}`;
    const name = `variants.${index}.${field}` as const;
    const invalid = Boolean(get(errors, name));
    return (
      <div className={`admin-field variant-row__${field}`}>
        <label htmlFor={inputId}>{t(`form.variant.${field}`)}</label>
        <input
          id={inputId}
          type="text"
          inputMode={field === 'name' ? undefined : 'decimal'}
          required={field === 'name'}
          placeholder={t(field === 'name' ? 'form.variant.namePlaceholder' : 'form.variant.optional')}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${inputId}-problem` : undefined}
          {...register(name)}
        />
        <FieldProblem id={`${inputId}-problem`} name={name} describe={describe} />
      </div>
    );
  };
  return (
    <fieldset className="admin-field variant-rows">
      <legend className="admin-field__label">{t('form.field.variants')}</legend>
      <p className="variant-rows__hint">{t('form.variant.hint')}</p>
      {rows.fields.map((row, i) => {
        const owner = t('form.variantN', { n: i + 1 });
        return (
          <fieldset key={row.key} className="variant-row">
            <legend>{owner}</legend>
            {input(row.key, i, 'name')}
            {input(row.key, i, 'price')}
            {input(row.key, i, 'stock')}
            <div className="variant-row__images">
              <ImageListField
                label={t('form.variant.images')}
                owner={owner}
                images={images[i]?.image ?? []}
                onChange={(next) => onImages(row.key, next)}
                onPreview={onPreview}
                onBusy={onBusy}
              />
            </div>
            <button type="button" className="btn btn--ghost btn--small admin-danger variant-row__remove" onClick={() => rows.remove(i)}>
              {t('form.variant.remove', { owner })}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn--ghost btn--small product-form__add-field" onClick={() => rows.append(newVariantRow(), { shouldFocus: false })}>
        {t('form.variant.add')}
      </button>
    </fieldset>
  );
}
