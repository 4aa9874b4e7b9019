import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { currentPushState, type PushState, turnPushOff, turnPushOn } from '../../realtime/public';

const STATE_TEXT: Record<PushState, string> = {
  on: 'New-order notifications are on for this device.',
  off: 'New-order notifications are off for this device.',
  blocked: 'Notifications are blocked for this site in the browser settings.',
  unsupported: 'This browser cannot receive push notifications (on iPhone, add Haat to the Home Screen first).',
};

/** Web Push for admins: new-order notices even with the app closed. */
export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    currentPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Could not change notifications');
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <div className="push-toggle" data-testid="push-toggle">
      <p className="push-toggle__state" role="status">
        {STATE_TEXT[state]}
      </p>
      {state === 'off' && (
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(turnPushOn)}>
          Get new-order notifications on this device
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(turnPushOff)}>
          Turn off notifications on this device
        </button>
      )}
    </div>
  );
}
