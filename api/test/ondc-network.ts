import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { StandIn } from './stand-in.js';

/**
 * Stand-ins for the ONDC network in the API's tests (docs/testing.md): a registry answering lookups, and a buyer
 * app that signs its requests and records (and checks the signature of) every callback the shop sends it. It signs
 * and checks as the bench's and the journey's buyer apps do (scripts/beckn-buyer-app.mjs), written apart from the
 * shop's own signer.
 */

export { libsodiumSecret, newKeys, signatureHolds, signedHeader, type RawKeys } from '../../scripts/beckn-buyer-app.mjs';

export interface RegistryEntry {
  subscriber_id: string;
  ukId: string;
  type: string;
  signing_public_key: string;
  subscriber_url: string;
  domain: string;
  city: string;
}

/** The registry's lookup: `POST { subscriber_id, ukId }` → the matching entries. Counts its lookups. */
export class RegistryStandIn {
  readonly entries: RegistryEntry[] = [];
  lookups = 0;
  private readonly http = new StandIn(({ body }) => {
    this.lookups += 1;
    const asked = JSON.parse(body) as { subscriber_id?: string; ukId?: string };
    return { status: 200, body: this.entries.filter((e) => e.subscriber_id === asked.subscriber_id && e.ukId === asked.ukId) };
  });

  start(): Promise<string> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

/** One callback the buyer app received. */
export interface Callback {
  action: string;
  headers: IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A buyer app: answers every callback ACK and keeps it; `failNext` answers those statuses first (and keeps nothing). */
export class BuyerAppStandIn {
  readonly callbacks: Callback[] = [];
  failNext: number[] = [];
  refused = 0;
  private readonly http = new StandIn(({ path, headers, body }) => {
    const status = this.failNext.shift();
    if (status) {
      this.refused += 1;
      return { status, body: { error: 'busy' } };
    }
    this.callbacks.push({ action: path.split('/').pop() ?? '', headers, raw: body, body: JSON.parse(body) });
    return { status: 200, body: { message: { ack: { status: 'ACK' } } } };
  });
  url = '';

  async start(): Promise<string> {
    this.url = await this.http.start();
    return this.url;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  of(action: string, messageId?: string): Callback[] {
    return this.callbacks.filter((c) => c.action === action && (!messageId || c.body.context?.message_id === messageId));
  }
}

/** A request's context from the buyer app, as retail 1.2.5 has it. */
export function requestContext(action: string, bap: { id: string; uri: string }, bppId: string, transactionId: string = randomUUID(), domain = 'ONDC:RET10') {
  return {
    domain,
    action,
    country: 'IND',
    city: 'std:080',
    core_version: '1.2.5',
    bap_id: bap.id,
    bap_uri: bap.uri,
    ...(action === 'search' ? {} : { bpp_id: bppId, bpp_uri: 'http://shop/ondc' }),
    transaction_id: transactionId,
    message_id: randomUUID(),
    timestamp: new Date().toISOString(),
    ttl: 'PT30S',
  };
}
