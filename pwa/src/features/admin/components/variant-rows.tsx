import { useId } from 'react';
import type { VariantRow } from '../product-form-model';
import { ImageListField } from './image-list-field';

interface Props {
  rows: VariantRow[];
  onAdd: () => void;
  onChange: (index: number, patch: Partial<Pick<VariantRow, 'name' | 'price' | 'stock'>>) => void;
  onRemove: (index: number) => void;
  /** By the row's key: an upload may end after rows above it were removed. */
  onImages: (key: string, next: (images: string[]) => string[]) => void;
  onPreview: (url: string) => void;
  onBusy: (busy: boolean) => void;
}

type Field = 'name' | 'price' | 'stock';

/**
 * The product's variants (docs/product.md#records, Variant, #screens product page variant buttons): a name each, and a price,
 * stock and images only where the variant differs from the product. Rows keep their stored _id.
 */
export function VariantRows({ rows, onAdd, onChange, onRemove, onImages, onPreview, onBusy }: Props) {
  const id = useId();
  const input = (row: VariantRow, index: number, field: Field, label: string, placeholder: string) => {
    const inputId = `${id}-${row.key}-${field}`;
    return (
      <div className={`admin-field variant-row__${field}`}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="text"
          inputMode={field === 'name' ? undefined : 'decimal'}
          required={field === 'name'}
          value={row[field]}
          placeholder={placeholder}
          onChange={(e) => onChange(index, { [field]: e.target.value })}
        />
      </div>
    );
  };
  return (
    <fieldset className="admin-field variant-rows">
      <legend className="admin-field__label">Variants</legend>
      <p className="variant-rows__hint">Sizes or colours the shopper picks on the product page. Leave price or stock blank to use the product’s.</p>
      {rows.map((row, i) => {
        const owner = `Variant ${i + 1}`;
        return (
          <fieldset key={row.key} className="variant-row">
            <legend>{owner}</legend>
            {input(row, i, 'name', 'Variant name', 'e.g. 5 kg, Red, XL')}
            {input(row, i, 'price', 'Variant price', 'Optional')}
            {input(row, i, 'stock', 'Variant stock', 'Optional')}
            <div className="variant-row__images">
              <ImageListField
                label="Variant Images"
                owner={owner}
                images={row.image}
                onChange={(next) => onImages(row.key, next)}
                onPreview={onPreview}
                onBusy={onBusy}
              />
            </div>
            <button type="button" className="btn btn--ghost btn--small admin-danger variant-row__remove" onClick={() => onRemove(i)}>
              Remove {owner}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn--ghost btn--small product-form__add-field" onClick={onAdd}>
        Add Variant
      </button>
    </fieldset>
  );
}
