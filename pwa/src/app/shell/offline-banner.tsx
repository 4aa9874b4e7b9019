import { useOnline } from '../../lib/hooks/use-online';

/** docs/architecture.md "Offline-first in the PWA": pages seen before keep working from IndexedDB. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      You are offline. Showing products saved on this device.
    </div>
  );
}
