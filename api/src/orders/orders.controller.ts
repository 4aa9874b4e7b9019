import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CancelOrderBody, CashOnDeliveryBody, type PlaceOrderInput } from '@haat/shared/orders/order.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { IdempotencyKey } from '../common/idempotency-key.decorator.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrderReader } from './order-reader.js';
import { OrdersService } from './orders.service.js';
import { toOrder } from './order-wire.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

/** The shopper's order routes (docs/product.md#api, Orders). */
@LocalizedAnswers()
@Controller('order')
export class OrdersController {
  constructor(
    private readonly placement: OrderPlacementService,
    private readonly reader: OrderReader,
    private readonly orders: OrdersService,
  ) {}

  @Post('cash-on-delivery')
  @HttpCode(201)
  @Auth()
  async cashOnDelivery(
    @CurrentUser() user: AuthUser,
    @ZBody(CashOnDeliveryBody) body: PlaceOrderInput,
    @IdempotencyKey() key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { order, lines, created } = await this.placement.place(user.id, body, 'COD', key);
    if (!created) void reply.header('idempotent-replayed', 'true');
    return ok(lines ? toOrder(order, lines) : await this.reader.toWire(order), 'Order successfully placed');
  }

  @Get('order-list')
  @Auth()
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.reader.listOwn(user.id), 'Order list');
  }

  @Post('cancel')
  @HttpCode(200)
  @Auth()
  async cancel(@CurrentUser() user: AuthUser, @ZBody(CancelOrderBody) body: CancelOrderBody) {
    return ok(await this.orders.cancelOwn(user.id, body.orderId), 'Order cancelled successfully');
  }
}
