import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type OndcConfig } from '../config/config.js';
import { errorFacts } from '../common/error-facts.js';
import { NoticeKinds, NoticeRefused, NoticesService, type NoticeJob, type NoticeToQueue } from '../notices/index.js';
import { authorizationFor, bodyDigest } from './beckn-signature.js';
import type { BecknContext, OndcCallbackAction, OndcError } from './beckn-context.js';

/**
 * THE CALLBACK OUTBOX (a port: docs/decisions/0340-selling-on-ondc.md). Every `on_*` the shop sends a buyer app
 * leaves through here: `enqueue` writes it in the caller's transaction (or on its own), and it is sent later,
 * signed with the shop's key, retried while the buyer app cannot be reached, exactly once per key, and never from
 * inside a request. Today it is one kind of the shop's durable notice queue (`ondc-callback`); the queue's
 * replacement takes it as one more kind.
 *
 * The callback's message is built when it is sent, by the responder registered for its action: a full catalogue
 * is read and written in slices there, not in the request that asked for it, and a confirm is placed there (its
 * placement keyed by the network order, so a second try answers the same order).
 */
export interface OndcCallback<I = unknown> {
  action: OndcCallbackAction;
  /**
   * The buyer app's callback root (context.bap_uri, checked against the registry when the request came), and the
   * context the callback carries (a reply's: the request's transaction and message). Null for the shop's own news of
   * an order, queued where only the order is known: its responder finds them (`route`).
   */
  bapUri: string | null;
  context: BecknContext | null;
  /** What its responder needs to build the message. */
  input: I;
  /** Epoch ms after which the buyer app no longer waits (the request's ttl); null: the shop's own news. */
  expiresAt: number | null;
}

/**
 * A callback's body as its responder builds it: a message, an error, or (a catalogue) a file holding the body's
 * `"message":{…}` member, from `scratchFile`: sent from the disk and deleted once sent.
 */
export type CallbackBody = ({ message?: unknown; error?: OndcError } | { file: string }) & { route?: CallbackRoute };

/** Where a callback goes and the context it carries. */
export interface CallbackRoute {
  bapUri: string;
  context: BecknContext;
}

export type Responder<I = unknown> = (callback: OndcCallback<I>, job: NoticeJob) => Promise<CallbackBody>;

export const ONDC_CALLBACK_KIND = 'ondc-callback';

/** A transaction, or the database outside one, as the notice queue takes it. */
type DbOrTx = Parameters<NoticesService['enqueue']>[0];

@Injectable()
export class CallbackOutbox implements OnModuleInit {
  private readonly responders = new Map<OndcCallbackAction, Responder>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: NoticesService,
    private readonly kinds: NoticeKinds,
  ) {}

  onModuleInit(): void {
    // Registered whatever the settings, as every kind is (the job system refuses to start with a queued kind it cannot
    // run): a shop taken off the network fails its queued callbacks, whose buyer apps stopped waiting for them long ago.
    this.kinds.register<OndcCallback>(ONDC_CALLBACK_KIND, {
      send: (callback, job) => {
        if (!this.config.ondc) throw new NoticeRefused('The shop is not on ONDC (ONDC_SUBSCRIBER_ID and its keys unset)');
        return this.send(callback, job);
      },
    });
  }

  respond<I>(action: OndcCallbackAction, responder: Responder<I>): void {
    this.responders.set(action, responder as Responder);
  }

  /** Queues callbacks, each once for its `key` (a request's message, or a move of an order). Answers how many were new. */
  enqueue(tx: DbOrTx | null, callbacks: ReadonlyArray<{ key: string; callback: OndcCallback }>): Promise<number> {
    return this.notices.enqueue(
      tx,
      callbacks.map(({ key, callback }) => callbackNotice(key, callback)),
    );
  }

  private async send(callback: OndcCallback, job: NoticeJob): Promise<void> {
    const ondc = this.config.ondc;
    if (!ondc) throw new Error('the shop is not on ONDC now');
    if (callback.expiresAt !== null && Date.now() > callback.expiresAt) throw new NoticeRefused(`${callback.action} not sent: the buyer app's ttl passed`);
    const responder = this.responders.get(callback.action);
    if (!responder) throw new NoticeRefused(`no responder for ${callback.action}`);
    const { route, ...built } = await responder(callback, job);
    const bapUri = route?.bapUri ?? callback.bapUri;
    if (!bapUri || !(route?.context ?? callback.context)) throw new NoticeRefused(`${callback.action} has no buyer app to go to`);
    const context = { ...(route?.context ?? callback.context), timestamp: new Date().toISOString() };
    try {
      const body =
        'file' in built ? await fileBody(`{"context":${JSON.stringify(context)},`, built.file, '}') : { text: JSON.stringify({ context, ...built }) };
      await this.post(callback, bapUri, body, job);
    } finally {
      if ('file' in built) await rm(built.file, { force: true });
    }
  }

  /** A file for a responder's body in $DATA_DIR/ondc, named for its notice (a second try writes it afresh). */
  async scratchFile(key: string): Promise<string> {
    const dir = join(this.config.dataDir, 'ondc');
    await mkdir(dir, { recursive: true });
    return join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  }

  private async post(
    callback: OndcCallback,
    bapUri: string,
    body: { text: string } | { digest: string; stream: () => ReadableStream<Uint8Array> },
    job: NoticeJob,
  ) {
    const ondc = this.config.ondc as OndcConfig;
    const digest = 'text' in body ? bodyDigest(body.text) : body.digest;
    const key = { subscriberId: ondc.subscriberId, uniqueKeyId: ondc.uniqueKeyId, seed: ondc.signingSeed, publicKey: ondc.signingPublicKey };
    let res: Response;
    try {
      res = await fetch(`${bapUri.replace(/\/$/, '')}/${callback.action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: authorizationFor({ digest }, key) },
        body: 'text' in body ? body.text : body.stream(),
        ...('text' in body ? {} : { duplex: 'half' }),
        // A catalogue streams for as long as its lease allows; a message gets 20 s.
        signal: 'text' in body ? AbortSignal.any([job.signal, AbortSignal.timeout(20_000)]) : job.signal,
      });
    } catch (error) {
      throw new Error(`the buyer app could not be reached: ${errorFacts(error)}`);
    }
    const answer = (await res.text()).slice(0, 500);
    if (res.ok && /"status"\s*:\s*"ACK"/.test(answer)) return;
    const detail = `the buyer app answered ${callback.action} with HTTP ${res.status}: ${answer}`;
    // A NACK or a 4xx will not pass on another try; a 429 or a 5xx may.
    throw res.ok || (res.status < 500 && res.status !== 429) ? new NoticeRefused(detail) : new Error(detail);
  }
}

/** A body of a file between two texts: its digest read from the disk (never all in memory), and a stream of it to send. */
async function fileBody(head: string, file: string, tail: string): Promise<{ digest: string; stream: () => ReadableStream<Uint8Array> }> {
  const hash = createHash('blake2b512').update(head);
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  hash.update(tail);
  const digest = hash.digest('base64');
  const parts = async function* () {
    yield Buffer.from(head);
    yield* createReadStream(file);
    yield Buffer.from(tail);
  };
  return { digest, stream: () => Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array> };
}

/** A callback as a notice: what a move of an order queues in its own transaction (OrderEvents.queueNotices). */
export function callbackNotice(key: string, callback: OndcCallback): NoticeToQueue<OndcCallback> {
  return { kind: ONDC_CALLBACK_KIND, key: `ondc:${key}`, payload: callback };
}
