import type { Envelope } from '@haat/shared/common/envelope';
import type { PushUnsubscribeBody } from '@haat/shared/push/push.schema';
import { http } from '../../lib/http/http';

export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

/** Web Push needs a service worker, the Push API and notifications; iOS only offers it to installed apps. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
}

/** The VAPID key as the PushManager wants it (base64url text → bytes). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = (text + '='.repeat((4 - (text.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const registration = (): Promise<ServiceWorkerRegistration> => navigator.serviceWorker.ready;

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const existing = await (await registration()).pushManager.getSubscription();
  return existing && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Chromium with no route to its push service leaves `subscribe()` pending for 40 s and more; a healthy one takes ~1 s. */
export const PUSH_SERVICE_TIMEOUT_MS = 12_000;

export const PUSH_SERVICE_TIMEOUT_MESSAGE =
  "This browser could not reach its push service, so notifications were not turned on. Check the connection (or a blocker of Google's or Mozilla's push servers) and try again.";

/** The browser could not reach its push service in time: nothing was subscribed on the server. */
export class PushServiceTimeoutError extends Error {
  constructor() {
    super(PUSH_SERVICE_TIMEOUT_MESSAGE);
    this.name = 'PushServiceTimeoutError';
  }
}

export const PUSH_NOT_ALLOWED_MESSAGE =
  'This browser did not allow notifications here (the question was closed, a private window, or notifications blocked for this site), so they were not turned on.';

/** No permission given (the question closed unanswered), or a subscription refused anyway (a private window). */
export class PushNotAllowedError extends Error {
  constructor() {
    super(PUSH_NOT_ALLOWED_MESSAGE);
    this.name = 'PushNotAllowedError';
  }
}

/** Rejects with PushServiceTimeoutError when `step` has not settled within `ms`. */
function within<T>(step: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushServiceTimeoutError()), ms);
  });
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}

/** What turning push on needs from the browser and the API; the real ones by default, others in tests. */
export interface PushEnvironment {
  supported(): boolean;
  requestPermission(): Promise<NotificationPermission>;
  publicKey(): Promise<string>;
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'>>;
  send(subscription: PushSubscriptionJSON): Promise<unknown>;
  timeoutMs: number;
}

const browserPush: PushEnvironment = {
  supported: pushSupported,
  requestPermission: () => Notification.requestPermission(),
  publicKey: async () => (await http.get('push/public-key').json<Envelope<{ publicKey: string }>>()).data!.publicKey,
  registration,
  send: (subscription) => http.post('push/subscribe', { json: subscription }),
  timeoutMs: PUSH_SERVICE_TIMEOUT_MS,
};

/** Asks permission, subscribes and tells the API; the browser's part must answer within `timeoutMs` (the prompt is not timed). */
export async function turnPushOn(env: PushEnvironment = browserPush): Promise<PushState> {
  if (!env.supported()) return 'unsupported';
  const permission = await env.requestPermission();
  if (permission === 'denied') return 'blocked';
  // Not answered (the question closed, or a browser that quietly declines it): said like any refusal, never in silence.
  if (permission !== 'granted') throw new PushNotAllowedError();
  const publicKey = await env.publicKey();
  const subscription = await within(
    (async () => {
      const { pushManager } = await env.registration();
      return (
        (await pushManager.getSubscription()) ??
        (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }).catch((error: unknown) => {
          throw error instanceof DOMException && error.name === 'NotAllowedError' ? new PushNotAllowedError() : error;
        }))
      );
    })(),
    env.timeoutMs,
  );
  await env.send(subscription.toJSON());
  return 'on';
}

/** Forgets the subscription on the server, then in the browser. */
export async function turnPushOff(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await http.post('push/unsubscribe', { json: { endpoint: subscription.endpoint } satisfies PushUnsubscribeBody });
    await subscription.unsubscribe();
  }
  return 'off';
}

/** On sign-out: the server is told if it answers within seconds; the browser's subscription ends either way. */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const registered = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = await registered?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await http
    .post('push/unsubscribe', { json: { endpoint: subscription.endpoint } satisfies PushUnsubscribeBody, timeout: 3000, retry: 0 })
    .catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
