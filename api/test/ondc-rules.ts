/**
 * Retail 1.2.5's rules for what a seller app sends, as ONDC's log validation utility checks them (its context,
 * on_search, on_select, on_select out-of-stock and on_status checks, its fulfilment states per routing), written again for the shop's tests: each
 * function answers the rules a payload breaks, so a test can expect none. Amounts are compared in paise.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DURATION = /^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;
const PRICE = /^[0-9]+(\.[0-9]{1,2})?$/;
const paise = (value: string) => Math.round(Number(value) * 100);

export const ORDER_STATES = ['Created', 'Accepted', 'In-progress', 'Completed', 'Cancelled'];
export const FULFILMENT_STATES = ['Pending', 'Packed', 'Agent-assigned', 'Order-picked-up', 'Out-for-delivery', 'Order-delivered', 'Cancelled'];

/** A callback's context against the request it answers (same transaction, domain and, solicited, message). */
export function contextProblems(callback: Json, request: Json, bppId: string): string[] {
  const c = callback.context ?? {};
  const problems: string[] = [];
  const need = ['domain', 'country', 'city', 'action', 'core_version', 'bap_id', 'bap_uri', 'bpp_id', 'bpp_uri', 'transaction_id', 'message_id', 'timestamp'];
  for (const field of need) if (typeof c[field] !== 'string' || !c[field]) problems.push(`context.${field} is missing`);
  if (c.core_version !== '1.2.5') problems.push('context.core_version must be 1.2.5');
  if (c.country !== 'IND') problems.push('context.country must be IND');
  if (c.city === '*') problems.push("context.city can't be *");
  if (c.bpp_id !== bppId) problems.push('context.bpp_id must be the shop');
  if (!RFC3339.test(c.timestamp ?? '')) problems.push('context.timestamp must be RFC 3339');
  if (request) {
    if (c.action !== `on_${request.action}`) problems.push(`context.action must be on_${request.action}`);
    if (c.transaction_id !== request.transaction_id) problems.push('context.transaction_id must be the request’s');
    if (c.message_id !== request.message_id) problems.push('context.message_id must be the request’s');
    if (c.domain !== request.domain) problems.push('context.domain must be the request’s');
    if (Date.parse(c.timestamp) < Date.parse(request.timestamp)) problems.push('context.timestamp must not be before the request’s');
  }
  return problems;
}

/** on_search's catalogue: the descriptor, each provider with its locations and items as 1.2.5 requires them. */
export function catalogueProblems(body: Json): string[] {
  const problems: string[] = [];
  const catalog = body.message?.catalog;
  if (!catalog) return ['message.catalog is missing'];
  for (const f of ['name', 'symbol', 'short_desc', 'long_desc'])
    if (typeof catalog['bpp/descriptor']?.[f] !== 'string') problems.push(`bpp/descriptor.${f} is missing`);
  for (const provider of catalog['bpp/providers'] ?? []) {
    for (const f of ['id', 'time', 'fulfillments', 'descriptor', 'ttl', 'locations', 'items', 'tags'])
      if (provider[f] === undefined) problems.push(`provider.${f} is missing`);
    if (!DURATION.test(provider.ttl ?? '')) problems.push('provider.ttl must be a duration');
    for (const f of provider.fulfillments ?? []) {
      if (!/^\d{10,11}$/.test(f.contact?.phone ?? '')) problems.push('provider fulfilment contact.phone must be 10–11 digits');
      if (!/@/.test(f.contact?.email ?? '')) problems.push('provider fulfilment contact.email is missing');
    }
    const locations = new Set<string>();
    for (const l of provider.locations ?? []) {
      locations.add(l.id);
      if (!l.time?.label || !l.time?.timestamp || !l.time?.schedule) problems.push(`location ${l.id}: time needs label, timestamp and schedule`);
      if (!/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(l.gps ?? '')) problems.push(`location ${l.id}: gps`);
      for (const f of ['locality', 'street', 'city', 'area_code', 'state'])
        if (typeof l.address?.[f] !== 'string') problems.push(`location ${l.id}: address.${f}`);
      if (!/^\d{6}$/.test(l.address?.area_code ?? '')) problems.push(`location ${l.id}: area_code must be 6 digits`);
      const serviceable = (provider.tags ?? []).some(
        (t: Json) => t.code === 'serviceability' && t.list.some((e: Json) => e.code === 'location' && e.value === l.id),
      );
      if (!serviceable) problems.push(`location ${l.id} has no serviceability`);
    }
    const fulfilments = new Set<string>((provider.fulfillments ?? []).map((f: Json) => f.id));
    for (const item of provider.items ?? []) problems.push(...itemProblems(item, locations, fulfilments));
  }
  return problems;
}

function itemProblems(item: Json, locations: Set<string>, fulfilments: Set<string>): string[] {
  const p: string[] = [];
  const need = [
    'id',
    'time',
    'descriptor',
    'quantity',
    'price',
    'category_id',
    'fulfillment_id',
    'location_id',
    '@ondc/org/returnable',
    '@ondc/org/cancellable',
    '@ondc/org/return_window',
    '@ondc/org/seller_pickup_return',
    '@ondc/org/time_to_ship',
    '@ondc/org/available_on_cod',
    '@ondc/org/contact_details_consumer_care',
    'tags',
  ];
  for (const f of need) if (item[f] === undefined) p.push(`item ${item.id}: ${f} is missing`);
  for (const f of ['name', 'symbol', 'short_desc', 'long_desc', 'images']) if (item.descriptor?.[f] === undefined) p.push(`item ${item.id}: descriptor.${f}`);
  if (!/^(1|2|3|4|5):[a-zA-Z0-9]+$/.test(item.descriptor?.code ?? '')) p.push(`item ${item.id}: descriptor.code must be type:code`);
  if (!['99', '0'].includes(item.quantity?.available?.count)) p.push(`item ${item.id}: available count must be 99 or 0`);
  if (!/^[0-9]+$/.test(item.quantity?.maximum?.count ?? '')) p.push(`item ${item.id}: maximum count`);
  if (!item.quantity?.unitized?.measure?.unit) p.push(`item ${item.id}: unitized measure`);
  if (!PRICE.test(item.price?.value ?? '') || !PRICE.test(item.price?.maximum_value ?? '')) p.push(`item ${item.id}: price and maximum_value must be decimals`);
  else if (paise(item.price.value) > paise(item.price.maximum_value)) p.push(`item ${item.id}: price over its MRP`);
  if (item.price?.currency !== 'INR') p.push(`item ${item.id}: currency`);
  if (!DURATION.test(item['@ondc/org/time_to_ship'] ?? '')) p.push(`item ${item.id}: time_to_ship must be a duration`);
  if (!DURATION.test(item['@ondc/org/return_window'] ?? '')) p.push(`item ${item.id}: return_window must be a duration`);
  if (!locations.has(item.location_id)) p.push(`item ${item.id}: location_id is not a provider location`);
  if (!fulfilments.has(item.fulfillment_id)) p.push(`item ${item.id}: fulfillment_id is not a provider fulfilment`);
  if ((item['@ondc/org/contact_details_consumer_care'] ?? '').split(',').length < 3) p.push(`item ${item.id}: consumer care needs name, email, phone`);
  return p;
}

/** A quote: each item line's price is its unit price times its count, and the breakup adds up to the price. */
export function quoteProblems(quote: Json, asked?: Record<string, number>): string[] {
  const problems: string[] = [];
  if (!quote) return ['quote is missing'];
  if (!PRICE.test(quote.price?.value ?? '')) problems.push('quote.price.value must be a decimal');
  let sum = 0;
  for (const line of quote.breakup ?? []) {
    sum += paise(line.price.value);
    if (line['@ondc/org/title_type'] !== 'item') continue;
    const count = line['@ondc/org/item_quantity']?.count;
    if (paise(line.item?.price?.value ?? 'x') * count !== paise(line.price.value))
      problems.push(`item ${line['@ondc/org/item_id']}: unit price × count is not its price`);
    if (asked && asked[line['@ondc/org/item_id']] === undefined) problems.push(`item ${line['@ondc/org/item_id']} was not asked for`);
    if (asked && count > (asked[line['@ondc/org/item_id']] ?? 0)) problems.push(`item ${line['@ondc/org/item_id']}: more than asked`);
  }
  if (sum !== paise(quote.price?.value ?? '0')) problems.push(`the breakup adds up to ${sum / 100}, not ${quote.price?.value}`);
  if (!DURATION.test(quote.ttl ?? '')) problems.push('quote.ttl must be a duration');
  return problems;
}

/** An order of on_confirm, on_status or on_cancel: its states, fulfilment and quote. */
export function orderProblems(order: Json): string[] {
  const problems: string[] = [];
  if (!order?.id) problems.push('order.id is missing');
  if (!ORDER_STATES.includes(order?.state)) problems.push(`order.state ${order?.state} is not one of ONDC's`);
  // A Return (or Cancel) fulfilment has states of its own (returnProblems).
  const deliveries = (order?.fulfillments ?? []).filter((f: Json) => f.type !== 'Return' && f.type !== 'Cancel');
  for (const f of deliveries)
    if (!FULFILMENT_STATES.includes(f.state?.descriptor?.code)) problems.push(`fulfilment state ${f.state?.descriptor?.code} is not one of ONDC's`);
  if (!RFC3339.test(order?.created_at ?? '') || !RFC3339.test(order?.updated_at ?? '')) problems.push('created_at and updated_at must be RFC 3339');
  if (!order?.payment?.['@ondc/org/settlement_basis']) problems.push('payment needs its settlement basis');
  problems.push(...quoteProblems(order?.quote));
  for (const f of deliveries) problems.push(...fulfilmentProblems(order, f));
  return problems;
}

/** The log validation utility's fulfilmentStates: what each routing forbids, and which state may follow which. */
const FORBIDDEN: Record<string, string[]> = {
  P2P: ['Out-for-pickup', 'Pickup-failed', 'In-transit', 'At-destination-hub', 'Out-for-delivery', 'Delivery-failed'],
  P2H2P: ['At-pickup', 'At-delivery'],
};
const NEXT: Record<string, string[]> = {
  Pending: ['Packed', 'Cancelled'],
  Packed: ['Agent-assigned', 'At-pickup', 'Out-for-pickup', 'Order-picked-up', 'Cancelled'],
  'Agent-assigned': ['At-pickup', 'Out-for-pickup', 'Order-picked-up', 'Cancelled'],
  'Order-picked-up': ['At-delivery', 'In-transit', 'Out-for-delivery', 'Order-delivered', 'Cancelled'],
  'Out-for-delivery': ['Delivery-failed', 'Order-delivered', 'Cancelled'],
  'Order-delivered': [],
  Cancelled: [],
};

/**
 * One fulfilment of an on_status against the utility's per-state checks (onStatusPending … onStatusDelivered): the
 * order's state for it (a Self-Pickup collected completes the order), the routing tag of a delivery and the states its
 * routing forbids, `@ondc/org/state_updated_at` past Pending, the pick-up's start time and the delivery's end time.
 */
function fulfilmentProblems(order: Json, f: Json): string[] {
  const problems: string[] = [];
  const code: string = f.state?.descriptor?.code;
  if (f.type !== 'Delivery' && f.type !== 'Self-Pickup') problems.push(`fulfilment type ${f.type} is not Delivery or Self-Pickup`);
  const routing = f.tags?.find((t: Json) => t.code === 'routing')?.list?.find((l: Json) => l.code === 'type')?.value;
  if (f.type === 'Delivery' && !['P2P', 'P2H2P'].includes(routing)) problems.push('a Delivery fulfilment needs its routing tag, P2P or P2H2P');
  if (routing && FORBIDDEN[routing]?.includes(code)) problems.push(`fulfilment state ${code} is not allowed for ${routing} routing`);
  const expected: Record<string, string> = {
    Pending: 'Accepted',
    Packed: 'In-progress',
    'Agent-assigned': 'In-progress',
    'Order-picked-up': f.type === 'Self-Pickup' ? 'Completed' : 'In-progress',
    'Out-for-delivery': 'In-progress',
    'Order-delivered': 'Completed',
    Cancelled: 'Cancelled',
  };
  if (order.state !== 'Created' && expected[code] && order.state !== expected[code])
    problems.push(`order.state should be ${expected[code]} at ${code}, not ${order.state}`);
  if (code !== 'Pending' && code !== 'Cancelled' && !RFC3339.test(f['@ondc/org/state_updated_at'] ?? ''))
    problems.push(`${code} needs @ondc/org/state_updated_at`);
  const picked = f.start?.time?.timestamp;
  if (['Order-picked-up', 'Out-for-delivery', 'Order-delivered'].includes(code) && !RFC3339.test(picked ?? ''))
    problems.push(`${code} needs the pick-up's start.time.timestamp`);
  if (code === 'Order-delivered') {
    const delivered = f.end?.time?.timestamp;
    if (!RFC3339.test(delivered ?? '')) problems.push("Order-delivered needs the delivery's end.time.timestamp");
    else if (picked && !(delivered > picked)) problems.push('the delivery time must come after the pick-up time');
  }
  if (picked && order.updated_at < picked) problems.push("order.updated_at can't be before the pick-up time");
  return problems;
}

/** The fulfilment states an order's on_status callbacks told, in the order sent, against the states that may follow each. */
export function sequenceProblems(told: string[]): string[] {
  const problems: string[] = [];
  for (let i = 1; i < told.length; i++)
    if (told[i] !== told[i - 1] && !NEXT[told[i - 1]!]?.includes(told[i]!)) problems.push(`${told[i - 1]} may not be followed by ${told[i]}`);
  return problems;
}

/** Retail 1.2.5's return reasons a buyer app may give (the utility's return_request_reasonCodes). */
const RETURN_REASON_CODES = ['002', '003', '004', '005'];
const RETURN_STATES = ['Return_Initiated', 'Return_Approved', 'Return_Rejected', 'Return_Picked', 'Return_Delivered', 'Liquidated'];

/**
 * An on_update about a return against the utility's checks (onUpdate, flows 6-a and 6-b): the order Completed, each
 * Return fulfilment with its id, state and return_request (item_quantity, a buyer's reason, initiated by the buyer
 * app), a received one's end time, the settlement details, and the quote trail adding up: the quote now and the
 * trails' refunds make the price confirmed (`confirmedPrice`, rupees as text).
 */
export function returnProblems(order: Json, bapId: string, confirmedPrice: string): string[] {
  const problems: string[] = [];
  if (order?.state !== 'Completed') problems.push(`order.state should be Completed, not ${order?.state}`);
  if (!order?.payment?.['@ondc/org/settlement_details']?.length) problems.push('payment needs its settlement_details');
  const returns = (order?.fulfillments ?? []).filter((f: Json) => f.type === 'Return');
  if (!returns.length) problems.push('a Return fulfilment is missing');
  let trail = 0;
  for (const f of returns) {
    if (!f.id) problems.push('a Return fulfilment needs its id');
    if (!RETURN_STATES.includes(f.state?.descriptor?.code)) problems.push(`return state ${f.state?.descriptor?.code} is not one of ONDC's`);
    const request = f.tags?.find((t: Json) => t.code === 'return_request')?.list ?? [];
    const value = (code: string) => request.find((l: Json) => l.code === code)?.value;
    if (!value('item_quantity')) problems.push('return_request needs item_quantity');
    if (value('initiated_by') !== bapId) problems.push(`return_request's initiated_by should be ${bapId}`);
    if (!RETURN_REASON_CODES.includes(value('reason_id'))) problems.push(`return reason ${value('reason_id')} is not one a buyer may give`);
    if (f.start?.location?.id) problems.push("the Return's start location has no id");
    if (!f.end?.location) problems.push("the Return's end location is missing");
    if (f.state?.descriptor?.code === 'Return_Delivered' && !RFC3339.test(f.end?.time?.timestamp ?? '')) problems.push('a delivered return needs its end time');
    for (const tag of f.tags?.filter((t: Json) => t.code === 'quote_trail') ?? []) {
      const type = tag.list.find((l: Json) => l.code === 'type')?.value;
      if (!['misc', 'packing', 'delivery', 'tax', 'item'].includes(type)) problems.push(`quote_trail type ${type} is not one of ONDC's`);
      trail -= paise(tag.list.find((l: Json) => l.code === 'value')?.value ?? '0');
    }
  }
  if (paise(order?.quote?.price?.value ?? '0') + trail !== paise(confirmedPrice))
    problems.push('the quote and its quote trail must add up to the price confirmed');
  problems.push(...quoteProblems(order?.quote));
  return problems;
}

/** Retail 1.2.5's reasons a seller may give for cancelling part of an order (the utility's partcancel_return_reasonCodes). */
const PART_CANCEL_REASON_CODES = ['002', '012'];

/**
 * An unsolicited on_update telling a part cancellation against the utility's checks (onUpdate, flow 6-a): the order's
 * state unchanged (Accepted or In-progress), its Delivery fulfilment with a start location id, a Cancel fulfilment with
 * its id, a cancel_request initiated by the seller (`bppId`) for a part-cancel reason, a quote trail of valid types,
 * every item in the quote, the settlement details, and the quote now with the trails making the price confirmed.
 */
export function partCancelProblems(order: Json, bppId: string, confirmedPrice: string): string[] {
  const problems: string[] = [];
  if (!['Accepted', 'In-progress'].includes(order?.state)) problems.push(`order.state should stay Accepted or In-progress, not ${order?.state}`);
  if (!order?.payment?.['@ondc/org/settlement_details']?.length) problems.push('payment needs its settlement_details');
  const delivery = (order?.fulfillments ?? []).find((f: Json) => f.type === 'Delivery' || f.type === 'Self-Pickup');
  if (!delivery) problems.push('the Delivery fulfilment is missing');
  else if (!delivery.start?.location?.id) problems.push("the Delivery fulfilment's start location needs its id");
  const cancels = (order?.fulfillments ?? []).filter((f: Json) => f.type === 'Cancel');
  if (!cancels.length) problems.push('a Cancel fulfilment is missing');
  const quoted = new Set((order?.quote?.breakup ?? []).filter((b: Json) => b['@ondc/org/title_type'] === 'item').map((b: Json) => b['@ondc/org/item_id']));
  for (const item of order?.items ?? []) if (!quoted.has(item.id)) problems.push(`item ${item.id} is not in the quote`);
  let trail = 0;
  for (const f of cancels) {
    if (!f.id) problems.push('a Cancel fulfilment needs its id');
    const request = f.tags?.find((tag: Json) => tag.code === 'cancel_request')?.list;
    if (!request) problems.push("Cancel request is not present in the 'Cancel' fulfillment");
    const value = (code: string) => request?.find((l: Json) => l.code === code)?.value;
    if (value('initiated_by') !== bppId) problems.push(`initiated_by should be ${bppId}`);
    if (!PART_CANCEL_REASON_CODES.includes(value('reason_id')))
      problems.push(`part-cancel reason ${value('reason_id')} is not one of ${PART_CANCEL_REASON_CODES.join(', ')}`);
    const trails = f.tags?.filter((tag: Json) => tag.code === 'quote_trail') ?? [];
    if (!trails.length) problems.push('Fulfillments/Cancel/tags/quote_trail is missing');
    for (const tag of trails) {
      const type = tag.list.find((l: Json) => l.code === 'type')?.value;
      if (!['misc', 'packing', 'delivery', 'tax', 'item'].includes(type)) problems.push(`quote_trail type ${type} is not one of ONDC's`);
      if (type === 'item' && !quoted.has(tag.list.find((l: Json) => l.code === 'id')?.value)) problems.push('a quote trail names an item not in the quote');
      trail -= paise(tag.list.find((l: Json) => l.code === 'value')?.value ?? '0');
    }
  }
  if (paise(order?.quote?.price?.value ?? '0') + trail !== paise(confirmedPrice))
    problems.push('the quote and its quote trail must add up to the price confirmed');
  problems.push(...quoteProblems(order?.quote));
  return problems;
}
