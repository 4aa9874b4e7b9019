import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { errorFacts } from '../common/error-facts.js';
import { assertCurrent, parseAuthorization, signatureHolds, SignatureRefused } from './beckn-signature.js';
import { checkedContext, ONDC_ERRORS, OndcRefusal, ttlMs, type BecknContext, type OndcAction } from './beckn-context.js';
import { RegistryKeys } from './registry-keys.js';
import { CallbackOutbox } from './callback-outbox.js';

/** A taker's answer for a request that is taken (ACK) but answered by no callback (a catalogue watch starting or stopping). */
export const SKIP_CALLBACK = Symbol('no callback');

/** What an action's taker decides at once: the callback's input (queued), or a refusal (NACK). */
export type Taker = (context: BecknContext, message: Record<string, unknown>) => unknown;

const unauthorized = (message: string) => new OndcRefusal(401, { type: 'POLICY-ERROR', code: ONDC_ERRORS.invalidSignature, message });

/**
 * The shop's seller endpoints' one door (docs/product.md#selling-on-ondc): a request is taken only with a Beckn
 * signature that holds with its sender's key from the registry, whose keyId names the buyer app of its context, and
 * whose bap_uri is the one the registry has for it (so a callback never goes where its sender does not live). A
 * taken request is answered ACK at once and its callback queued, keyed by the buyer app's message id: a request
 * sent twice is one callback.
 */
@Injectable()
export class OndcGateway {
  private readonly logger = new Logger('Ondc');
  private readonly takers = new Map<OndcAction, Taker>();
  readonly registry: RegistryKeys | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: CallbackOutbox,
  ) {
    this.registry = config.ondc ? new RegistryKeys(config.ondc.registryUrl) : null;
  }

  /** This shop as a network participant: its subscriber id and callback root. */
  bpp(): { id: string; uri: string } {
    return { id: this.config.ondc?.subscriberId ?? '', uri: `${this.config.publicUrl}/ondc` };
  }

  take(action: OndcAction, taker: Taker): void {
    this.takers.set(action, taker);
  }

  /** Checks and takes one request; throws OndcRefusal for a NACK. */
  async receive(action: OndcAction, rawBody: Buffer | undefined, authorization: string | undefined): Promise<void> {
    if (!this.config.ondc || !this.registry)
      throw new OndcRefusal(503, { type: 'CORE-ERROR', code: ONDC_ERRORS.internal, message: 'This shop is not on ONDC.' });
    if (!rawBody?.length) throw new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message: 'The body is missing.' });
    const body = parsed(rawBody);
    const context = checkedContext(body, action, this.bpp().id);
    await this.verify(rawBody, authorization, context);
    const taker = this.takers.get(action);
    if (!taker) throw new OndcRefusal(400, { type: 'CONTEXT-ERROR', code: ONDC_ERRORS.invalidRequest, message: `${action} is not taken here.` });
    const message = body.message;
    if (!message || typeof message !== 'object' || Array.isArray(message))
      throw new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message: 'message is missing.' });
    const input = await taker(context, message as Record<string, unknown>);
    if (input === SKIP_CALLBACK) return;
    await this.outbox.enqueue(null, [
      {
        key: `${action}:${context.bap_id}:${context.transaction_id}:${context.message_id}`,
        callback: {
          action: `on_${action}`,
          bapUri: context.bap_uri,
          context: { ...context, action: `on_${action}`, bpp_id: this.bpp().id, bpp_uri: this.bpp().uri },
          input,
          expiresAt: Date.parse(context.timestamp) + ttlMs(context),
        },
      },
    ]);
  }

  private async verify(rawBody: Buffer, authorization: string | undefined, context: BecknContext): Promise<void> {
    const registry = this.registry as RegistryKeys;
    try {
      const parts = parseAuthorization(authorization);
      assertCurrent(parts);
      if (parts.subscriberId !== context.bap_id) throw new SignatureRefused('the keyId names another subscriber than context.bap_id');
      let key = await registry.keyOf(parts.subscriberId, parts.uniqueKeyId);
      if (key && !signatureHolds(rawBody, parts, key)) key = await registry.refreshed(parts.subscriberId, parts.uniqueKeyId);
      if (!key) throw new SignatureRefused('the registry does not know this key');
      if (!signatureHolds(rawBody, parts, key)) throw new SignatureRefused('the signature does not hold');
      const entry = registry.entryOf(parts.subscriberId, parts.uniqueKeyId);
      if (entry?.subscriber_url && stripSlash(entry.subscriber_url) !== stripSlash(context.bap_uri))
        throw new SignatureRefused('context.bap_uri is not the subscriber_url the registry has for this buyer app');
    } catch (error) {
      if (error instanceof SignatureRefused) throw unauthorized(`Signature refused: ${error.message}.`);
      this.logger.warn(`an ONDC signature could not be checked: ${errorFacts(error)}`);
      throw new OndcRefusal(503, { type: 'CORE-ERROR', code: ONDC_ERRORS.internal, message: 'The signature could not be checked now; try again.' });
    }
  }
}

function parsed(rawBody: Buffer): { context?: unknown; message?: unknown } {
  try {
    return JSON.parse(rawBody.toString('utf8')) as { context?: unknown; message?: unknown };
  } catch {
    throw new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message: 'The body is not JSON.' });
  }
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');
