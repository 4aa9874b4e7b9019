import type { KeyObject } from 'node:crypto';
import { lruCache } from '../common/lru.js';
import { errorFacts } from '../common/error-facts.js';
import { publicKeyOf, SignatureRefused } from './beckn-signature.js';

/** One subscriber as the registry's lookup answers it. */
export interface RegistryEntry {
  subscriber_id: string;
  ukId?: string;
  unique_key_id?: string;
  type?: string;
  signing_public_key: string;
  subscriber_url?: string;
  domain?: string;
  city?: string;
  valid_until?: string;
}

/** A key learnt from the registry is kept this long, then asked again. */
const KEY_TTL_MS = 60 * 60 * 1000;
/** A key the registry did not know is asked again only after this, so forged key ids do not flood it. */
const MISS_TTL_MS = 30 * 1000;

/**
 * The network participants' signing keys from the registry's lookup (`POST { subscriber_id, ukId }` → an array of
 * entries with `signing_public_key`): cached, and looked up afresh when a signature does not hold with the cached
 * key (a participant rotated its key) — at most once per key id per MISS_TTL_MS.
 */
export class RegistryKeys {
  private readonly keys = lruCache<string, { key: KeyObject | null; entry: RegistryEntry | null; at: number }>(5000, { ttl: KEY_TTL_MS });
  private readonly asking = new Map<string, Promise<KeyObject | null>>();

  constructor(
    private readonly registryUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The key of `subscriberId|ukId`, from the cache or the registry; null when the registry does not know it. */
  async keyOf(subscriberId: string, ukId: string): Promise<KeyObject | null> {
    const cached = this.keys.get(`${subscriberId}|${ukId}`);
    if (cached) return cached.key;
    return this.lookUp(subscriberId, ukId);
  }

  /** The entry the registry gave for `subscriberId|ukId`, if it was looked up (its subscriber_url, for tests and logs). */
  entryOf(subscriberId: string, ukId: string): RegistryEntry | null {
    return this.keys.get(`${subscriberId}|${ukId}`)?.entry ?? null;
  }

  /** A signature did not hold with the cached key: asks the registry again, unless it was asked a moment ago. */
  async refreshed(subscriberId: string, ukId: string): Promise<KeyObject | null> {
    const cached = this.keys.get(`${subscriberId}|${ukId}`);
    if (cached && Date.now() - cached.at < MISS_TTL_MS) return null;
    return this.lookUp(subscriberId, ukId);
  }

  private lookUp(subscriberId: string, ukId: string): Promise<KeyObject | null> {
    const id = `${subscriberId}|${ukId}`;
    const running = this.asking.get(id);
    if (running) return running;
    const asked = this.ask(subscriberId, ukId)
      .then((entry) => {
        const key = entry ? publicKeyOf(Buffer.from(entry.signing_public_key, 'base64')) : null;
        this.keys.set(id, { key, entry, at: Date.now() }, { ttl: key ? KEY_TTL_MS : MISS_TTL_MS });
        return key;
      })
      .finally(() => this.asking.delete(id));
    this.asking.set(id, asked);
    return asked;
  }

  private async ask(subscriberId: string, ukId: string): Promise<RegistryEntry | null> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.registryUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscriber_id: subscriberId, ukId }),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      throw new Error(`the ONDC registry could not be reached: ${errorFacts(error)}`);
    }
    if (!res.ok) throw new Error(`the ONDC registry answered HTTP ${res.status}`);
    const list = (await res.json()) as unknown;
    if (!Array.isArray(list)) throw new Error('the ONDC registry answered something other than a list');
    const entry = (list as RegistryEntry[]).find(
      (e) => e && e.subscriber_id === subscriberId && (e.ukId ?? e.unique_key_id) === ukId && typeof e.signing_public_key === 'string',
    );
    if (entry && Buffer.from(entry.signing_public_key, 'base64').length !== 32)
      throw new SignatureRefused('the registry gave a signing key that is not 32 bytes');
    return entry ?? null;
  }
}
