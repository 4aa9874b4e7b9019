import type { ComponentProps } from 'react';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { FiltersForm } from './filters-form';
import { useTranslation } from '../../../i18n/i18n';

type Props = Omit<ComponentProps<typeof FiltersForm>, 'idPrefix'> & { open: boolean; onClose: () => void };

/** docs/product.md#screens: on mobile the filters slide in from the bottom; this file loads when first opened. */
export function FilterDrawer({ open, onClose, ...form }: Props) {
  const { t } = useTranslation('listing');
  return (
    <ModalDialog open={open} onClose={onClose} label={t('filters')} variant="sheet">
      <div className="filter-drawer">
        <div className="filter-drawer__head">
          <h2>{t('filters')}</h2>
          <button type="button" className="btn btn--primary btn--small" onClick={onClose}>
            {t('showResults')}
          </button>
        </div>
        <FiltersForm {...form} idPrefix="drawer" />
      </div>
    </ModalDialog>
  );
}
