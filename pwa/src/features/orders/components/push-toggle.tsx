import { useEffect, useState } from 'react';
import { currentPushState, type PushState, turnPushOff, turnPushOn } from '../../realtime/public';

const STATE_TEXT: Record<PushState, string> = {
  on: 'New-order notifications are on for this device.',
  off: 'New-order notifications are off for this device.',
  blocked: 'Notifications are blocked for this site in the browser settings.',
  unsupported: 'This browser cannot receive push notifications (on iPhone, add Haat to the Home Screen first).',
};

/** What the toggle drives: the browser's Web Push by default. */
export interface PushControls {
  current: () => Promise<PushState>;
  on: () => Promise<PushState>;
  off: () => Promise<PushState>;
}

const browserPush: PushControls = { current: currentPushState, on: () => turnPushOn(), off: turnPushOff };

/**
 * Web Push for admins: new-order notices even with the app closed. A failure (the browser's push service
 * out of reach) gives the control back and says what happened beside it.
 */
export function PushToggle({ push = browserPush }: { push?: PushControls }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    push
      .current()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [push]);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setProblem(null);
    try {
      setState(await action());
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Could not change notifications';
      setProblem(message);
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
      {problem && (
        <p className="push-toggle__problem" role="alert">
          {problem}
        </p>
      )}
      {state === 'off' && (
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(push.on)}>
          Get new-order notifications on this device
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(push.off)}>
          Turn off notifications on this device
        </button>
      )}
    </div>
  );
}
