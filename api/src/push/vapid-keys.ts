import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { AppConfig } from '../config/config.js';

export const VAPID = Symbol('VAPID');

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys from the environment, or generated once and kept in $DATA_DIR/vapid.json: browsers
 * tie each subscription to the public key, so it must survive restarts. Several instances need
 * the same keys, so set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY for them.
 */
export function loadVapidKeys(config: Pick<AppConfig, 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject' | 'dataDir'>): VapidKeys {
  const subject = config.vapidSubject;
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (saved.publicKey && saved.privateKey) return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return { ...keys, subject };
}
