import { ONDC_ERRORS, OndcRefusal } from './beckn-context.js';

/**
 * The return reasons a buyer may give in retail 1.2.5 (the log validation utility's return_request_reasonCodes), with
 * the words the shop's return keeps for its admin.
 */
export const RETURN_REASONS: Record<string, string> = {
  '002': 'Product available at lower than order price',
  '003': 'Product damaged or not in usable state',
  '004': 'Product is of incorrect quantity or size',
  '005': 'Product delivered is different from what was shown and ordered',
};

/** A return a buyer app asks for: its return_request's id, item, units, reason and words. */
export interface ReturnAsked {
  id: string;
  itemId: string;
  quantity: number;
  reasonId: string;
  description: string;
}

/** What `update` takes: a return of a network order, or an update the shop does not make (answered 50002 in on_update). */
export type UpdateTaken = { networkOrderId: string; asked: ReturnAsked } | { networkOrderId: string; unsupported: string };

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const refused = (message: string) => new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message });

/**
 * `update` as retail 1.2.5 sends a return: `update_target` item, and a Return fulfilment whose `return_request` tag
 * lists id, item_id, item_quantity and reason_id (and reason_desc). A malformed return is refused at once (NACK);
 * any other update (a payment's, a buyer's part cancellation) is taken and answered "not possible" by on_update.
 */
export function parseUpdate(message: Loose): UpdateTaken {
  const order = obj(message.order);
  const networkOrderId = str(order?.id);
  if (!networkOrderId || networkOrderId.length > 100) throw refused('message.order.id is missing');
  const fulfilments = Array.isArray(order?.fulfillments) ? (order.fulfillments as unknown[]).map(obj) : [];
  const ret = fulfilments.find((f) => f?.type === 'Return');
  if (str(message.update_target) !== 'item' || !ret)
    return {
      networkOrderId,
      unsupported: 'This shop takes returns over the network (update_target item with a Return fulfilment); other updates are not possible.',
    };
  const tags = Array.isArray(ret.tags) ? (ret.tags as unknown[]).map(obj) : [];
  const list = tags.find((t) => t?.code === 'return_request')?.list;
  if (!Array.isArray(list)) throw refused('the Return fulfilment needs its return_request tag');
  const value = (code: string) => str((list as unknown[]).map(obj).find((entry) => entry?.code === code)?.value);
  const id = value('id');
  const itemId = value('item_id');
  const quantity = Number(value('item_quantity'));
  const reasonId = value('reason_id');
  if (!id || id.length > 100) throw refused('return_request needs its id');
  if (!itemId || itemId.length > 100) throw refused('return_request needs its item_id');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) throw refused('return_request item_quantity must be a whole number from 1 to 1000');
  if (!(reasonId in RETURN_REASONS)) throw refused(`return_request reason_id must be one of ${Object.keys(RETURN_REASONS).join(', ')}`);
  return { networkOrderId, asked: { id, itemId, quantity, reasonId, description: value('reason_desc').slice(0, 300) } };
}
