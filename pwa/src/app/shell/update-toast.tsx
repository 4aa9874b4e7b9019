import { useAtomValue } from 'jotai';
import { applyUpdate, updateWaitingAtom } from '../../lib/device/service-worker';
import { useTranslation } from 'react-i18next';

/** A new service worker is waiting; Reload lets it take over. */
export function UpdateToast() {
  const waiting = useAtomValue(updateWaitingAtom);
  const { t } = useTranslation();
  if (!waiting) return null;
  return (
    <div className="update-toast" role="status">
      <span>{t('update.available')}</span>
      <span aria-hidden="true"> — </span>
      <button type="button" className="btn btn--primary btn--small" onClick={applyUpdate}>
        {t('update.reload')}
      </button>
    </div>
  );
}
