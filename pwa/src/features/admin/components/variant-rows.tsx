import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/i18n';
import { newVariantRow, type ProductFormValues } from '../product-form-model';
import { TextField } from './form-field';
import { ImageListField } from './image-list-field';

interface Props {
  onPreview: (url: string) => void;
  describe: (path: string, message: string) => string;
}

type Field = 'name' | 'sku' | 'price' | 'stock';

/** The product's variants (docs/product.md#records, Variant): a name, and where it differs a price, stock and images. */
export function VariantRows({ onPreview, describe }: Props) {
  const { t } = useTranslation('admin');
  const { control, getValues, setValue } = useFormContext<ProductFormValues>();
  const rows = useFieldArray({ control, name: 'variants', keyName: 'fieldId' });
  const images = useWatch({ control, name: 'variants' });

  // An upload may end after rows above it were removed: its images go to the row with its key, if still there.
  const onImages = (key: string, next: (images: string[]) => string[]) => {
    const i = getValues('variants').findIndex((r) => r.key === key);
    if (i >= 0) setValue(`variants.${i}.image`, next(getValues(`variants.${i}.image`)), { shouldDirty: true });
  };

  const input = (index: number, field: Field) => (
    <TextField<ProductFormValues>
      name={`variants.${index}.${field}`}
      className={`variant-row__${field}`}
      label={t(`form.variant.${field}`)}
      numeric={field === 'price' || field === 'stock'}
      required={field === 'name'}
      placeholder={t(field === 'name' ? 'form.variant.namePlaceholder' : 'form.variant.optional')}
      describe={describe}
    />
  );
  return (
    <fieldset className="admin-field variant-rows">
      <legend className="admin-field__label">{t('form.field.variants')}</legend>
      <p className="variant-rows__hint">{t('form.variant.hint')}</p>
      {rows.fields.map((row, i) => {
        const owner = t('form.variantN', { n: i + 1 });
        return (
          <fieldset key={row.key} className="variant-row">
            <legend>{owner}</legend>
            {input(i, 'name')}
            {input(i, 'sku')}
            {input(i, 'price')}
            {input(i, 'stock')}
            <div className="variant-row__images">
              <ImageListField
                label={t('form.variant.images')}
                owner={owner}
                images={images[i]?.image ?? []}
                onChange={(next) => onImages(row.key, next)}
                onPreview={onPreview}
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
