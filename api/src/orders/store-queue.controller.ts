import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { StoreQueueMoveBody, StoreQueueQuery } from '@haat/shared/orders/store-queue';
import { HandOverBody } from '@haat/shared/orders/pickup';
import { Auth } from '../auth/index.js';
import { notFound } from '../common/app-error.js';
import { ok } from '../common/envelope.js';
import { ZBody, ZQuery } from '../common/zod-body.pipe.js';
import { DB, type Db } from '../db/database.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { storesByIds } from '../stores/index.js';
import { OrdersService } from './orders.service.js';
import { storeQueue } from './store-queue.js';

/**
 * GET /api/store/queue?storeId=… (admins): a dark store's open orders (express and pickup) with their packing lists;
 * POST /api/store/queue/move: the queue packs, sends out, delivers or makes ready one of them (docs/product.md#delivery);
 * POST /api/store/queue/hand-over: a ready pickup order handed over against its code (docs/product.md#store-pickup).
 */
@LocalizedAnswers()
@Controller('store')
export class StoreQueueController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly orders: OrdersService,
  ) {}

  @Get('queue')
  @Auth('ADMIN')
  async queue(@ZQuery(StoreQueueQuery) query: StoreQueueQuery) {
    if (!(await storesByIds(this.db, [query.storeId])).has(query.storeId)) throw notFound('Store');
    return ok({ orders: await storeQueue(this.db, query.storeId) }, 'Store queue');
  }

  /** A ready pickup order handed over against its 4-digit code: a wrong code is 422, the 5th locks it for the day (429). */
  @Post('queue/hand-over')
  @HttpCode(200)
  @Auth('ADMIN')
  async handOver(@ZBody(HandOverBody) body: HandOverBody) {
    return ok(await this.orders.handOver(body.orderId, body.code, body.storeId), 'Order handed over');
  }

  /** The moves of the order process's `store` actor, on this store's orders only (another store's answers 404). */
  @Post('queue/move')
  @HttpCode(200)
  @Auth('ADMIN')
  async move(@ZBody(StoreQueueMoveBody) body: StoreQueueMoveBody) {
    return ok(await this.orders.storeMove(body.storeId, body.orderId, body.status), 'Order status updated');
  }
}
