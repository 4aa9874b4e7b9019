import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useServerWrite } from '../../lib/query/server-write';
import { currentPushState, PushNotAllowedError, PushServiceTimeoutError, type PushState, turnPushOff, turnPushOn } from './web-push';
import './push-toggle.css';

// The texts (the push namespace, which the precached success page carries without the rest of orders): push:push.<audience>.{on,off,turnOn,turnOff}, and push.blocked / push.unsupported for both.

/** What the toggle drives: the browser's Web Push by default. */
interface PushControls {
  current: () => Promise<PushState>;
  on: () => Promise<PushState>;
  off: () => Promise<PushState>;
}

interface Props {
  push?: PushControls;
  /** Who the notices are for: admins hear of new orders, shoppers of their own orders' stages. */
  audience?: 'admin' | 'shopper';
  offerOnly?: boolean;
  /** Told of this device's state as it becomes known and as it changes (My Profile's notice grid shows push by it). */
  onState?: (state: PushState) => void;
}

const browserPush: PushControls = { current: currentPushState, on: () => turnPushOn(), off: turnPushOff };

/** What went wrong, as words in the person's language (push:push.*), never the browser's own English message. */
export function pushProblemKey(error: unknown): 'push.timeout' | 'push.notAllowed' | 'push.failed' {
  if (error instanceof PushServiceTimeoutError) return 'push.timeout';
  if (error instanceof PushNotAllowedError || (error instanceof DOMException && error.name === 'NotAllowedError')) return 'push.notAllowed';
  return 'push.failed';
}

/** Web Push notices on or off; `offerOnly` (the success page): only the offer, and nothing once taken or impossible. */
export function PushToggle({ push = browserPush, audience = 'admin', offerOnly = false, onState }: Props) {
  const { t } = useTranslation('push');
  const [initial, setInitial] = useState<PushState | null>(null);
  const [state, setState] = useState<PushState | null>(null);
  const [problem, setProblem] = useState<ReturnType<typeof pushProblemKey> | null>(null);
  // Turning notices on or off: the browser's subscription and the server's copy of it (web-push.ts), one write.
  const switching = useServerWrite({
    mutationFn: (action: () => Promise<PushState>) => action(),
    onSuccess: setState,
    onError: (e) => setProblem(pushProblemKey(e)),
  });
  const busy = switching.isPending;
  useEffect(() => {
    let live = true;
    push
      .current()
      .then((s) => {
        if (!live) return;
        setState(s);
        setInitial(s);
      })
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [push]);

  useEffect(() => {
    if (state !== null) onState?.(state);
  }, [state, onState]);

  // The button stays enabled while it saves (focus stays on it), so a second tap during the save is ignored here.
  const run = (action: () => Promise<PushState>) => {
    if (busy) return;
    setProblem(null);
    switching.mutate(action);
  };

  if (state === null) return null;
  // The offer is made once: where it cannot work, or was already taken, the success page says nothing.
  if (offerOnly && initial !== 'off') return null;
  return (
    <div className="push-toggle" data-testid="push-toggle">
      {!(offerOnly && state === 'off') && (
        <p className="push-toggle__state" role="status">
          {state === 'blocked' || state === 'unsupported' ? t(`push.${state}`) : t(`push.${audience}.${state}`)}
        </p>
      )}
      {problem && (
        <p className="push-toggle__problem" role="alert">
          {t(problem)}
        </p>
      )}
      {/* One button whose words change, so focus stays on it through the save (busy, never disabled). */}
      {(state === 'off' || (state === 'on' && !offerOnly)) && (
        <button type="button" className="btn btn--ghost btn--small" aria-busy={busy} onClick={() => void run(state === 'on' ? push.off : push.on)}>
          {t(`push.${audience}.${state === 'on' ? 'turnOff' : 'turnOn'}`)}
        </button>
      )}
    </div>
  );
}
