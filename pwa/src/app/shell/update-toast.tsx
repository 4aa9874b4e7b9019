import { useAtomValue } from 'jotai';
import { applyUpdate, updateWaitingAtom } from '../../lib/device/service-worker';

/** A new service worker is waiting; Reload lets it take over. */
export function UpdateToast() {
  const waiting = useAtomValue(updateWaitingAtom);
  if (!waiting) return null;
  return (
    <div className="update-toast" role="status">
      <span>Update available</span>
      <span aria-hidden="true"> — </span>
      <button type="button" className="btn btn--primary btn--small" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
