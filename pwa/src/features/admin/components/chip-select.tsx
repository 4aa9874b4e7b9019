import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { CategoryRef } from '@haat/shared/catalog/catalog.types';
import { withRef } from '../product-form-model';

interface Props {
  label: string;
  options: CategoryRef[];
  selected: CategoryRef[];
  onChange: (selected: CategoryRef[]) => void;
}

/** Pick several categories or subcategories as chips; the same one twice is ignored (docs/product.md#validation). */
export function ChipSelect({ label, options, selected, onChange }: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          const picked = options.find((o) => o._id === e.target.value);
          if (picked) onChange(withRef(selected, { _id: picked._id, name: picked.name }));
        }}
      >
        <option value="">{t('chips.select', { label })}</option>
        {options.map((o) => (
          <option key={o._id} value={o._id}>
            {o.name}
          </option>
        ))}
      </select>
      {selected.length > 0 && (
        <ul className="chips" aria-label={t('chips.selected', { label })}>
          {selected.map((s) => (
            <li key={s._id} className="chip">
              {s.name}
              <button
                type="button"
                className="chip__remove"
                aria-label={t('chips.remove', { name: s.name })}
                onClick={() => onChange(selected.filter((x) => x._id !== s._id))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
