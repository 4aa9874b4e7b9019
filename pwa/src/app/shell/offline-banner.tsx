import { useOnline } from '../../lib/hooks/use-online';
import { useTranslation } from 'react-i18next';

/** docs/architecture.md "The PWA's data layer": pages seen before keep working from IndexedDB. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('offline')}
    </div>
  );
}
