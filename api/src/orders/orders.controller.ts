import { Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  CancelOrderBody,
  CashOnDeliveryBody,
  CouponPreviewBody,
  PickupStoresBody,
  type CouponPreviewInput,
  type PickupStoresInput,
  type PlaceOrderInput,
} from '@haat/shared/orders/order.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { LimitWrongCouponCodes, MINUTE, RateLimit } from '../throttle/index.js';
import { ok } from '../common/envelope.js';
import { ZBody, ZQuery } from '../common/zod-body.pipe.js';
import { IdempotencyKey } from '../common/idempotency-key.decorator.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrderReader } from './order-reader.js';
import { OrdersService } from './orders.service.js';
import { BuyAgainService } from './buy-again.js';
import { OrderAgainBody } from '@haat/shared/cart/order-again';
import { ReturnsService } from './returns.service.js';
import { ReturnRequestBody } from '@haat/shared/orders/returns';
import { toOrder } from './order-wire.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { CreditNoteQuery, type InvoiceDocument } from '@haat/shared/invoices/invoice-document';

/** A PDF unless the client prefers JSON: `Accept: application/json` (alone or first) asks for the document as data. */
function wantsPdf(accept: string | undefined): boolean {
  const first = (accept ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return !first.startsWith('application/json');
}

/** The shopper's order routes (docs/product.md#api, Orders). */
/**
 * Tax document downloads per account and per address, as other heavy routes are limited: a shopper reads a
 * document a few times; the first PDF of each is drawn on a thread of its own, the rest are kept copies.
 */
const DOCUMENT_LIMIT = { ip: [60, MINUTE], user: [20, MINUTE] } as const satisfies Parameters<typeof RateLimit>[0];

@LocalizedAnswers()
@Controller('order')
export class OrdersController {
  constructor(
    private readonly placement: OrderPlacementService,
    private readonly reader: OrderReader,
    private readonly orders: OrdersService,
    private readonly returnsService: ReturnsService,
    private readonly buyAgain: BuyAgainService,
  ) {}

  /** The products of the shopper's delivered orders, most often and most recently bought first (docs/product.md#buy-again-and-order-again). */
  @Get('buy-again')
  @Auth()
  async buyAgainList(@CurrentUser() user: AuthUser) {
    return ok({ products: await this.buyAgain.list(user.id) }, 'Buy again');
  }

  /**
   * The shopper's own order back into the cart (docs/product.md#buy-again-and-order-again): answered as the cart routes answer the
   * cart, with the lines left out and why, and the prices that changed. Keyed as a cart sync is.
   */
  @Post('order-again')
  @HttpCode(200)
  @Auth()
  async orderAgain(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey('required') key: string,
    @ZBody(OrderAgainBody) body: OrderAgainBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.buyAgain.orderAgain(user.id, body.orderId, key);
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    const message =
      answer.left.length || answer.changed.length
        ? 'Your order is back in your cart; some items were left out or their prices changed.'
        : 'Your order is back in your cart';
    return ok(answer.data, message, { totals: answer.totals, left: answer.left, changed: answer.changed, replayed: answer.replayed });
  }

  @Post('cash-on-delivery')
  @HttpCode(201)
  @LimitWrongCouponCodes()
  @Auth()
  async cashOnDelivery(
    @CurrentUser() user: AuthUser,
    @ZBody(CashOnDeliveryBody) body: PlaceOrderInput,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { order, lines, created } = await this.placement.place(user.id, body, 'COD', key);
    if (!created) void reply.header('idempotent-replayed', 'true');
    // A pickup order's answer names its store's place and hours, read with it.
    return ok(lines && order.fulfilment !== 'pickup' ? toOrder(order, lines) : await this.reader.toWire(order), 'Order successfully placed');
  }

  /** The stores the checkout offers to pick these lines up at: open, and holding every one now (docs/product.md#store-pickup). */
  @Post('pickup-stores')
  @HttpCode(200)
  @Auth()
  async pickupStores(@ZBody(PickupStoresBody) body: PickupStoresInput) {
    return ok({ stores: await this.placement.pickupStores(body) }, 'Pickup stores');
  }

  /** The checkout page's coupon: what it takes off these lines now, or why it does not apply (docs/product.md#coupons). */
  @Post('coupon-preview')
  @HttpCode(200)
  @LimitWrongCouponCodes()
  @Auth()
  async couponPreview(@CurrentUser() user: AuthUser, @ZBody(CouponPreviewBody) body: CouponPreviewInput) {
    return ok(await this.placement.preview(user.id, body), 'Coupon applied');
  }

  /** The shopper asks for units of a delivered order back, within the return window (docs/product.md#returns). */
  @Post('return')
  @HttpCode(201)
  @Auth()
  async requestReturn(@CurrentUser() user: AuthUser, @ZBody(ReturnRequestBody) body: ReturnRequestBody) {
    return ok(await this.returnsService.request(user.id, body), 'Return requested');
  }

  @Get('order-list')
  @Auth()
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.reader.listOwn(user.id), 'Order list');
  }

  /**
   * The order's tax invoice (docs/product.md#tax-invoices): a PDF, or the same document as JSON when the
   * client asks for `application/json`. The shopper's own order or any order for an admin.
   */
  @Get(':orderId/invoice')
  @RateLimit(DOCUMENT_LIMIT)
  @Auth()
  async invoice(
    @CurrentUser() user: AuthUser,
    @Param('orderId') orderId: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.document(await this.orders.taxDocument(user, orderId, 'invoice'), accept, reply);
  }

  /**
   * A credit note of the order (a cancellation's, or each return's), by its number (`?number=CN/26-27/000007`);
   * without one, the latest. The order's answers list every one (`creditNotes`).
   */
  @Get(':orderId/credit-note')
  @RateLimit(DOCUMENT_LIMIT)
  @Auth()
  async creditNote(
    @CurrentUser() user: AuthUser,
    @Param('orderId') orderId: string,
    @ZQuery(CreditNoteQuery) query: CreditNoteQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.document(await this.orders.taxDocument(user, orderId, 'credit_note', query.number), accept, reply);
  }

  private async document(found: { id: string; document: InvoiceDocument }, accept: string | undefined, reply: FastifyReply) {
    const { document } = found;
    const title = document.kind === 'invoice' ? 'Tax invoice' : 'Credit note';
    if (!wantsPdf(accept)) return ok(document, title);
    const pdf = await this.orders.pdfOf(found);
    void reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${document.number.replaceAll('/', '-')}.pdf"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  }

  @Post('cancel')
  @HttpCode(200)
  @Auth()
  async cancel(@CurrentUser() user: AuthUser, @ZBody(CancelOrderBody) body: CancelOrderBody) {
    return ok(await this.orders.cancelOwn(user.id, body.orderId), 'Order cancelled successfully');
  }
}
