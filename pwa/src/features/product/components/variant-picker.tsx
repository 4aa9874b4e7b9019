import type { Variant } from '@haat/shared/catalog/catalog.types';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#states variant buttons: choosing one overrides the price, stock and pictures it provides. */
export function VariantPicker({ variants, selected, onSelect }: { variants: Variant[]; selected: string | null; onSelect: (variant: Variant) => void }) {
  const { t } = useTranslation('product');
  if (variants.length === 0) return null;
  return (
    <fieldset className="variants">
      <legend>{t('options')}</legend>
      {variants.map((v) => (
        <button key={v._id} type="button" className="variants__option" aria-pressed={v._id === selected} onClick={() => onSelect(v)}>
          {v.name}
        </button>
      ))}
    </fieldset>
  );
}
