import { useState } from 'react';
import type { Address } from '@haat/shared/addresses/address.types';
import { openStorage } from '../../lib/storage/device-store';
import { toast } from '../../lib/ui/toast';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { PageMeta } from '../../lib/ui/page-meta';
import { addressApi } from './api';
import { AddressDialog } from './components/address-dialog';
import { AddressText } from './components/address-text';
import { DashboardFrame } from './components/dashboard-frame';
import { useAddresses } from './hooks/use-addresses';
import { useTranslation } from '../../i18n/i18n';

/** /dashboard/address (docs/product.md#screens, Addresses): My Addresses, add, edit and remove (disable) each. */
export function AddressPage() {
  const { t } = useTranslation('profile');
  const { addresses, loaded } = useAddresses();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  // Deleting cannot be undone from the app: it asks first, and nothing is sent unless confirmed.
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = async (address: Address) => {
    setDeleting(null);
    try {
      const answer = await addressApi.disable(address._id);
      await (await openStorage()).addresses.delete(address._id);
      toast.success(answer.message || t('address.removed'));
    } catch {
      // the server's message is on screen
    }
  };
  return (
    <>
      <PageMeta title={t('address.meta')} />
      <DashboardFrame>
        <section className="address-page">
          <div className="address-page__head">
            <h1>{t('address.title')}</h1>
            <button type="button" className="btn btn--primary btn--small" onClick={() => setEditing('new')}>
              {t('address.add')}
            </button>
          </div>
          {loaded && addresses.length === 0 && <p className="state-box">{t('address.none')}</p>}
          {addresses.map((a) => (
            <div key={a._id} className="address-card" data-testid="address-card">
              <AddressText address={a} />
              <span className="address-card__actions">
                <button type="button" className="btn btn--ghost btn--small" aria-label={t('address.editOf', { name: a.name })} onClick={() => setEditing(a)}>
                  {t('address.edit')}
                </button>
                <button type="button" className="btn btn--ghost btn--small" aria-label={t('address.deleteOf', { name: a.name })} onClick={() => setDeleting(a)}>
                  {t('address.delete')}
                </button>
              </span>
            </div>
          ))}
          <ConfirmDialog
            open={deleting !== null}
            title={t('address.deleteTitle')}
            message={deleting ? t('address.deleteMessage', { place: `${deleting.name}, ${deleting.address_line}, ${deleting.city} ${deleting.pincode}` }) : ''}
            confirmLabel={t('address.delete')}
            keepLabel={t('address.keep')}
            onConfirm={() => deleting && void remove(deleting)}
            onKeep={() => setDeleting(null)}
          />
          {editing && <AddressDialog address={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
        </section>
      </DashboardFrame>
    </>
  );
}
