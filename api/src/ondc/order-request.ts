import { ONDC_ERRORS, OndcRefusal } from './beckn-context.js';
import type { NetworkLine } from './network-quote.js';

/** What select, init and confirm carry of a buyer app's order, checked. */
export interface OrderRequest {
  providerId: string;
  items: NetworkLine[];
  /** The buyer app's order id (confirm). */
  networkOrderId?: string;
  billing?: Record<string, unknown>;
  /** The delivery fulfilment's end (location with gps and address, contact) as sent. */
  deliveryEnd?: Record<string, unknown>;
  /** The delivery address's parts the shop reads, from the end's location. */
  address?: { name: string; building: string; street: string; city: string; state: string; pincode: string; phone: string };
  payment?: { type: 'ON-ORDER' | 'ON-FULFILLMENT'; status?: string; [more: string]: unknown };
}

/** The most lines one network order may have. */
const MAX_LINES = 50;

const refused = (message: string) => new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message });

type Loose = Record<string, unknown> | undefined;
const obj = (v: unknown): Loose => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The order of a select, init or confirm as the shop takes it (retail 1.2.5's shapes): refuses (NACK) what is missing
 * or malformed, naming the field, so the buyer app hears at once rather than in a callback.
 */
export function parseOrderRequest(action: 'select' | 'init' | 'confirm', message: Record<string, unknown>): OrderRequest {
  const order = obj(message.order);
  if (!order) throw refused('message.order is missing');
  const providerId = str(obj(order.provider)?.id);
  if (!providerId) throw refused('order.provider.id is missing');
  const rawItems = Array.isArray(order.items) ? order.items : [];
  if (!rawItems.length || rawItems.length > MAX_LINES) throw refused(`order.items must hold 1 to ${MAX_LINES} items`);
  const merged = new Map<string, number>();
  for (const [i, raw] of rawItems.entries()) {
    const id = str(obj(raw)?.id);
    const count = obj(obj(obj(raw)?.quantity))?.count;
    if (!id || id.length > 40) throw refused(`order.items[${i}].id is missing`);
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
      throw refused(`order.items[${i}].quantity.count must be a whole number from 1 to 1000`);
    merged.set(id, (merged.get(id) ?? 0) + count);
  }
  const request: OrderRequest = { providerId, items: [...merged].map(([id, count]) => ({ id, count })) };
  if (action === 'select') return request;

  const billing = obj(order.billing);
  if (!billing || !str(billing.name) || !str(billing.phone)) throw refused('order.billing needs name and phone');
  const fulfilment = obj((Array.isArray(order.fulfillments) ? order.fulfillments : [])[0]);
  const end = obj(fulfilment?.end);
  const address = obj(obj(end?.location)?.address);
  if (!end || !address) throw refused('order.fulfillments[0].end.location.address is missing');
  const pincode = str(address.area_code);
  if (!/^[1-9][0-9]{5}$/.test(pincode)) throw refused('order.fulfillments[0].end.location.address.area_code must be a pincode');
  const phone = str(obj(end.contact)?.phone) || str(billing.phone);
  request.billing = billing;
  request.deliveryEnd = end;
  request.address = {
    name: (str(address.name) || str(billing.name)).slice(0, 100),
    building: (str(address.building) || str(address.door) || str(address.name)).slice(0, 200),
    street: [str(address.street), str(address.locality)].filter(Boolean).join(', ').slice(0, 250) || '-',
    city: str(address.city).slice(0, 100),
    state: str(address.state).slice(0, 100),
    pincode,
    phone: phone.replace(/\D/g, '').slice(-10),
  };
  const payment = obj(order.payment);
  if (payment) {
    const type = str(payment.type);
    if (type !== 'ON-ORDER' && type !== 'ON-FULFILLMENT') throw refused('order.payment.type must be ON-ORDER or ON-FULFILLMENT');
    request.payment = { ...payment, type };
  }
  if (action === 'init') return request;

  const networkOrderId = str(order.id);
  if (!networkOrderId || networkOrderId.length > 100) throw refused('order.id is missing');
  if (!request.payment) throw refused('order.payment is missing');
  if (request.payment.type === 'ON-ORDER' && request.payment.status !== 'PAID') throw refused('a prepaid (ON-ORDER) order must be PAID when confirmed');
  request.networkOrderId = networkOrderId;
  return request;
}
