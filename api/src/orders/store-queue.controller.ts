import { Controller, Get, Inject } from '@nestjs/common';
import { StoreQueueQuery } from '@haat/shared/orders/store-queue';
import { Auth } from '../auth/index.js';
import { notFound } from '../common/app-error.js';
import { ok } from '../common/envelope.js';
import { ZQuery } from '../common/zod-body.pipe.js';
import { DB, type Db } from '../db/database.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { storesByIds } from '../stores/index.js';
import { storeQueue } from './store-queue.js';

/** GET /api/store/queue?storeId=… (admins): a dark store's open express orders with their packing lists (docs/product.md#delivery). */
@LocalizedAnswers()
@Controller('store')
export class StoreQueueController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get('queue')
  @Auth('ADMIN')
  async queue(@ZQuery(StoreQueueQuery) query: StoreQueueQuery) {
    if (!(await storesByIds(this.db, [query.storeId])).has(query.storeId)) throw notFound('Store');
    return ok({ orders: await storeQueue(this.db, query.storeId) }, 'Store queue');
  }
}
