import { randomUUID } from 'node:crypto';

/** The actions a buyer app asks of a seller app in retail 1.2.5, and the callbacks that answer them. */
export const ONDC_ACTIONS = ['search', 'select', 'init', 'confirm', 'status', 'track', 'cancel', 'update'] as const;
export type OndcAction = (typeof ONDC_ACTIONS)[number];
export type OndcCallbackAction = `on_${OndcAction}`;

export const CORE_VERSION = '1.2.5';

/** A Beckn message's context, as retail 1.2.5 has it. */
export interface BecknContext {
  domain: string;
  action: string;
  country: string;
  city: string;
  core_version: string;
  bap_id: string;
  bap_uri: string;
  bpp_id?: string;
  bpp_uri?: string;
  transaction_id: string;
  message_id: string;
  timestamp: string;
  ttl?: string;
  [more: string]: unknown;
}

/** ONDC's error of a NACK or a callback: `type` and a numeric `code` from its published list. */
export interface OndcError {
  type: 'CONTEXT-ERROR' | 'CORE-ERROR' | 'DOMAIN-ERROR' | 'POLICY-ERROR' | 'JSON-SCHEMA-ERROR';
  code: string;
  message: string;
}

/** The codes the shop answers with (ONDC's retail error codes). */
export const ONDC_ERRORS = {
  invalidRequest: '30000',
  providerNotFound: '30001',
  itemNotFound: '30004',
  dropNotServiceable: '30009',
  invalidSignature: '30016',
  staleRequest: '30022',
  itemQuantityUnavailable: '40002',
  paymentNotSupported: '40004',
  cancellationNotPossible: '50001',
  updateNotPossible: '50002',
  internal: '31001',
} as const;

export const ACK = { message: { ack: { status: 'ACK' } } } as const;

export function nack(error: OndcError) {
  return { message: { ack: { status: 'NACK' } }, error };
}

/** A request refused before it was taken: the HTTP status and the NACK's error. */
export class OndcRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: OndcError,
  ) {
    super(error.message);
  }
}

const DOMAIN = /^ONDC:RET1[0-9A-Z]$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** An ISO 8601 duration of days, hours, minutes and seconds (what ttl and time_to_ship use). */
const DURATION = /^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** Milliseconds of an ISO 8601 duration such as PT30S or P1DT2H (null when it is not one). */
export function durationMs(value: string | undefined): number | null {
  const m = value ? DURATION.exec(value) : null;
  if (!m) return null;
  const n = (part: string | undefined) => (part ? parseFloat(part) : 0);
  return ((n(m[1]) * 24 + n(m[3])) * 60 + n(m[4])) * 60_000 + n(m[5]) * 1000;
}

export function isoDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % (24 * 60) === 0 && minutes > 0) return `P${minutes / (24 * 60)}D`;
  if (minutes % 60 === 0 && minutes > 0) return `PT${minutes / 60}H`;
  return `PT${minutes}M`;
}

const contextError = (message: string) => new OndcRefusal(400, { type: 'CONTEXT-ERROR', code: ONDC_ERRORS.invalidRequest, message });

/**
 * The request's context as retail 1.2.5 requires it (the log validation utility's context checks), for `action`
 * sent to this shop: refuses, naming the first field that is wrong.
 */
export function checkedContext(body: unknown, action: OndcAction, bppId: string): BecknContext {
  const context = (body as { context?: unknown } | null)?.context as BecknContext | undefined;
  if (!context || typeof context !== 'object') throw contextError('context is missing');
  const text = (name: keyof BecknContext) => {
    const value = context[name];
    if (typeof value !== 'string' || !value.trim()) throw contextError(`context.${String(name)} is missing`);
    return value;
  };
  if (!DOMAIN.test(text('domain'))) throw contextError('context.domain must be a retail domain (ONDC:RET10 …)');
  if (text('action') !== action) throw contextError(`context.action must be ${action} at /ondc/${action}`);
  if (text('country') !== 'IND') throw contextError('context.country must be IND');
  text('city');
  if (text('core_version') !== CORE_VERSION) throw contextError(`context.core_version must be ${CORE_VERSION}`);
  text('bap_id');
  if (!/^https?:\/\/[^\s]+$/.test(text('bap_uri'))) throw contextError('context.bap_uri must be a URL');
  text('transaction_id');
  text('message_id');
  if (!RFC3339.test(text('timestamp')) || Number.isNaN(Date.parse(context.timestamp))) throw contextError('context.timestamp must be an RFC 3339 time');
  if (context.ttl !== undefined && durationMs(context.ttl) === null) throw contextError('context.ttl must be an ISO 8601 duration');
  if (action !== 'search' && context.bpp_id !== bppId) throw contextError(`context.bpp_id must be ${bppId}`);
  return context;
}

/** How long the buyer app waits for the callback: the request's ttl, PT30S when it names none. */
export function ttlMs(context: BecknContext): number {
  return durationMs(context.ttl) ?? 30_000;
}

/** The context of a callback answering `request` (same transaction and message), from this shop. */
export function replyContext(request: BecknContext, action: OndcCallbackAction, bpp: { id: string; uri: string }, now = new Date()): BecknContext {
  return {
    domain: request.domain,
    action,
    country: request.country,
    city: request.city,
    core_version: CORE_VERSION,
    bap_id: request.bap_id,
    bap_uri: request.bap_uri,
    bpp_id: bpp.id,
    bpp_uri: bpp.uri,
    transaction_id: request.transaction_id,
    message_id: request.message_id,
    timestamp: now.toISOString(),
    ...(request.ttl ? { ttl: request.ttl } : {}),
  };
}

/** The context of a callback the shop sends on its own (a move of an order): a new message in the order's transaction. */
export function unsolicitedContext(
  base: Pick<BecknContext, 'domain' | 'city' | 'bap_id' | 'bap_uri' | 'transaction_id'>,
  action: OndcCallbackAction,
  bpp: { id: string; uri: string },
  now = new Date(),
): BecknContext {
  return {
    domain: base.domain,
    action,
    country: 'IND',
    city: base.city,
    core_version: CORE_VERSION,
    bap_id: base.bap_id,
    bap_uri: base.bap_uri,
    bpp_id: bpp.id,
    bpp_uri: bpp.uri,
    transaction_id: base.transaction_id,
    message_id: randomUUID(),
    timestamp: now.toISOString(),
    ttl: 'PT30S',
  };
}
