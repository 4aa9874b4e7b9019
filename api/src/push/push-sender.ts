import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import webpush from 'web-push';
import type { AppConfig } from '../config/config.js';
import type { VapidKeys } from './vapid-keys.js';
import { pushEndpointAllowed } from './push-hosts.js';

export const PUSH_SENDER = Symbol('PUSH_SENDER');

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push service answered: delivered, gone (delete the subscription), or worth retrying. */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'retry'; status?: number; reason: string } | { kind: 'rejected'; status: number };

export type PushSender = (target: PushTarget, payload: string) => Promise<SendOutcome>;

/**
 * web-push encrypts (aes128gcm, RFC 8291) and signs (VAPID) every message. PUSH_CA_FILE only adds
 * trusted certificates to the usual ones; the request itself is the same in production and tests. A
 * subscription stored before its host was refused (push-hosts.ts) is answered as gone, so it is deleted
 * instead of sent to.
 */
export function createPushSender(config: Pick<AppConfig, 'pushCaFile' | 'pushServiceHosts'>, vapid: VapidKeys): PushSender {
  const agent = config.pushCaFile ? new Agent({ keepAlive: true, ca: [...rootCertificates, readFileSync(config.pushCaFile, 'utf8')] }) : undefined;
  return async (target, payload) => {
    if (!pushEndpointAllowed(target.endpoint, config.pushServiceHosts)) return { kind: 'gone', status: 0 };
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: vapid,
        TTL: 24 * 60 * 60,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      return { kind: 'sent' };
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || (status !== undefined && status >= 500)) return { kind: 'retry', status, reason: `HTTP ${status}` };
      if (status !== undefined) return { kind: 'rejected', status };
      return { kind: 'retry', reason: (error as Error).message };
    }
  };
}
