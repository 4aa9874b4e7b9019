import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { OrderPlacementService, OrderReader, orderOfNetwork, type OrderRow } from '../orders/index.js';
import { ONDC_ERRORS, OndcRefusal, isoDuration, type BecknContext, type OndcError } from './beckn-context.js';
import { CallbackOutbox, type CallbackBody } from './callback-outbox.js';
import { providerId } from './catalogue.js';
import { OndcGateway } from './ondc-gateway.js';
import { OndcSettingsService } from './ondc-settings.service.js';
import { NetworkItemsRefused, NetworkQuotes, quoteMessage, type NetworkQuote } from './network-quote.js';
import { bppTerms, networkOrderMessage, paymentMessage } from './network-order-message.js';
import { parseOrderRequest, type OrderRequest } from './order-request.js';
import { NetworkBuyers } from './network-buyers.js';
import { ondcOrders } from './ondc.table.js';

/** Days from handing an order over to its delivery, added to the time to ship for the TAT a quote promises. */
const DELIVERY_DAYS_AFTER_SHIPPING = 3;

/**
 * select, init and confirm (docs/product.md#selling-on-ondc): a buyer app's cart priced by the shop's own rules, its
 * terms, and its order placed through the PWA's own placement (the same statement, the same stock rule), marked
 * with its channel. Each request is taken at once and answered by its callback from the outbox.
 */
@Injectable()
export class NetworkOrders implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly gateway: OndcGateway,
    private readonly outbox: CallbackOutbox,
    private readonly quotes: NetworkQuotes,
    private readonly settings: OndcSettingsService,
    private readonly placement: OrderPlacementService,
    private readonly reader: OrderReader,
    private readonly buyers: NetworkBuyers,
  ) {}

  onModuleInit(): void {
    for (const action of ['select', 'init', 'confirm'] as const) this.gateway.take(action, (context, message) => this.take(action, context, message));
    this.outbox.respond<OrderRequest>('on_select', (c) => this.onSelect(c.context as BecknContext, c.input));
    this.outbox.respond<OrderRequest>('on_init', (c) => this.onInit(c.context as BecknContext, c.input));
    this.outbox.respond<OrderRequest>('on_confirm', (c) => this.onConfirm(c.context as BecknContext, c.input));
  }

  private take(action: 'select' | 'init' | 'confirm', context: BecknContext, message: Record<string, unknown>): OrderRequest {
    const request = parseOrderRequest(action, message);
    if (request.providerId !== providerId(this.config))
      throw new OndcRefusal(400, { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.providerNotFound, message: `Provider ${request.providerId} is not this shop's.` });
    if (request.payment?.type === 'ON-ORDER' && !this.config.ondc?.settlement)
      throw new OndcRefusal(400, {
        type: 'DOMAIN-ERROR',
        code: ONDC_ERRORS.paymentNotSupported,
        message: 'This shop takes network orders cash on delivery only.',
      });
    void context;
    return request;
  }

  private async priced(
    context: BecknContext,
    request: OrderRequest,
  ): Promise<{ quote: NetworkQuote; order: Record<string, unknown>; error: OndcError | null } | { error: OndcError }> {
    let quote: NetworkQuote;
    try {
      quote = await this.quotes.quote(request.items);
    } catch (error) {
      if (error instanceof NetworkItemsRefused) return { error: error.error };
      throw error;
    }
    const tat = await this.tat(context.domain);
    const order = {
      provider: { id: providerId(this.config) },
      items: request.items.map((i) => ({ id: i.id, fulfillment_id: '1' })),
      fulfillments: [
        {
          id: '1',
          '@ondc/org/provider_name': this.config.shop.legalName,
          tracking: false,
          '@ondc/org/category': 'Standard Delivery',
          '@ondc/org/TAT': tat,
          state: { descriptor: { code: 'Serviceable' } },
        },
      ],
      quote: quoteMessage(quote),
    };
    return { quote, order, error: quote.shortage };
  }

  private async onSelect(context: BecknContext, request: OrderRequest): Promise<CallbackBody> {
    const priced = await this.priced(context, request);
    if (!('quote' in priced)) return { error: priced.error };
    return { message: { order: priced.order }, ...(priced.error ? { error: priced.error } : {}) };
  }

  private async onInit(context: BecknContext, request: OrderRequest): Promise<CallbackBody> {
    const priced = await this.priced(context, request);
    if (!('quote' in priced)) return { error: priced.error };
    const fulfillments = (priced.order.fulfillments as object[]).map((f) => ({ ...f, type: 'Delivery', end: request.deliveryEnd }));
    return {
      message: {
        order: {
          ...priced.order,
          billing: request.billing,
          fulfillments,
          payment: paymentMessage(this.config, request.payment ?? { type: 'ON-FULFILLMENT' }, priced.quote.priced.totalAmt),
          tags: bppTerms(this.config),
        },
      },
      ...(priced.error ? { error: priced.error } : {}),
    };
  }

  /** Places the order (once: keyed by the network order, so a second try finds the first) and answers it. */
  private async onConfirm(context: BecknContext, request: OrderRequest): Promise<CallbackBody> {
    const networkOrderId = request.networkOrderId as string;
    let row: OrderRow;
    try {
      row = await this.place(context, request, networkOrderId);
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return { error: refused };
      throw error;
    }
    const [net] = await this.db.select().from(ondcOrders).where(eqOrder(row.id));
    return { message: networkOrderMessage(this.config, await this.reader.toWire(row), net as NonNullable<typeof net>) };
  }

  private async place(context: BecknContext, request: OrderRequest, networkOrderId: string): Promise<OrderRow> {
    const priced = await this.quotes.quote(request.items);
    const prepaid = request.payment?.type === 'ON-ORDER';
    // Confirmed before (a second message, or this callback's earlier try): the order it placed answers.
    let order = await orderOfNetwork(this.db, context.bap_id, networkOrderId);
    if (!order) {
      if (priced.shortage) throw new NetworkItemsRefused(priced.shortage);
      const { userId, addressId } = await this.buyers.accountFor(context.bap_id, networkOrderId, request);
      const channel = { kind: 'ondc' as const, buyerApp: context.bap_id, networkOrderId };
      const input = { items: priced.lines.map((l) => l.item), addressId, totalAmt: priced.priced.totalAmt };
      // Prepaid: the buyer app collected the money (the payment process's collectedByNetwork), placed at once, no card rules.
      order = (await this.placement.place(userId, input, prepaid ? 'NETWORK' : 'COD', `ondc:${context.bap_id}:${networkOrderId}`, channel)).order;
    }
    await this.db
      .insert(ondcOrders)
      .values({
        orderId: order.id,
        bapId: context.bap_id,
        bapUri: context.bap_uri,
        networkOrderId,
        domain: context.domain,
        city: context.city,
        transactionId: context.transaction_id,
        billing: request.billing ?? {},
        deliveryEnd: request.deliveryEnd ?? {},
        payment: request.payment ?? {},
        items: priced.lines.map((l) => ({ id: l.id, productId: l.item.productId, variantId: l.item.variantId })),
      })
      .onConflictDoNothing();
    return order;
  }

  /** The TAT a quote promises: the longest time to ship of the domain's categories, and the courier's days. */
  private async tat(domain: string): Promise<string> {
    const categories = [...(await this.settings.categoriesOf(domain)).values()];
    const ship = Math.max(60, ...categories.map((c) => c.timeToShipMinutes));
    return isoDuration((ship + DELIVERY_DAYS_AFTER_SHIPPING * 24 * 60) * 60_000);
  }
}

const eqOrder = (orderId: string) => eq(ondcOrders.orderId, orderId);

/** What a placement's refusal is on the network: out of stock 40002, not delivered there 30009, else a business error. */
function refusalOf(error: unknown): OndcError | null {
  if (error instanceof NetworkItemsRefused) return error.error;
  if (!(error instanceof AppError)) return null;
  const code = error.code;
  if (code === ErrorCode.OutOfStock) return { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.itemQuantityUnavailable, message: error.message };
  if (code === ErrorCode.PincodeNotServed) return { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.dropNotServiceable, message: error.message };
  return { type: 'DOMAIN-ERROR', code: '40000', message: error.message };
}
