import type { Envelope } from '@haat/shared/common/envelope';
import type { PushUnsubscribeBody } from '@haat/shared/push/push.schema';
import { http } from '../../lib/http';

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

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const existing = await (await registration()).pushManager.getSubscription();
  return existing && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks permission, subscribes with the API's VAPID key and gives the subscription to the API. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { data } = await http.get('push/public-key').json<Envelope<{ publicKey: string }>>();
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(data!.publicKey) }));
  await http.post('push/subscribe', { json: subscription.toJSON() });
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
