import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { NewOrdersCount } from '@haat/shared/orders/new-orders';
import { AdminOrdersQuery, UpdateOrderStatusBody } from '@haat/shared/orders/order.schema';
import { LowStockQuery, OverviewQuery, type AdminOverview, type LowStockPage } from '@haat/shared/orders/overview';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody, ZQuery } from '../common/zod-body.pipe.js';
import { OrderReader } from './order-reader.js';
import { OrdersService } from './orders.service.js';
import { OverviewService } from './overview.service.js';
import { ReturnsService } from './returns.service.js';
import { PartCancels } from './part-cancels.js';
import { CancelItemsBody } from '@haat/shared/orders/part-cancel';
import { AdminReturnsQuery, ReturnStatusBody } from '@haat/shared/orders/returns';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

/** Every order, for administrators only (checked on the server by @Auth('ADMIN')). */
@LocalizedAnswers()
@Controller('order')
export class AdminOrdersController {
  constructor(
    private readonly reader: OrderReader,
    private readonly orders: OrdersService,
    private readonly overviews: OverviewService,
    private readonly returnsService: ReturnsService,
    private readonly partCancels: PartCancels,
  ) {}

  /** The admin's overview at /dashboard: sales today, this week and per day, top products, orders waiting per stage, low stock. */
  @Get('admin/overview')
  @Auth('ADMIN')
  async overview(@ZQuery(OverviewQuery) query: OverviewQuery) {
    return ok<AdminOverview>(await this.overviews.overview(query.lowStock), 'Overview');
  }

  /** The overview's low-stock list, a page at a time: running low first, then sold out, both counted. */
  @Get('admin/low-stock')
  @Auth('ADMIN')
  async lowStock(@ZQuery(LowStockQuery) query: LowStockQuery) {
    return ok<LowStockPage>(await this.overviews.lowStock(query.lowStock, query.page, query.limit), 'Low stock');
  }

  /** The New Orders badge of this admin: orders placed since they last opened Manage Orders. */
  @Get('admin/new-orders')
  @Auth('ADMIN')
  async newOrders(@CurrentUser() user: AuthUser) {
    return ok<NewOrdersCount>(await this.orders.newOrdersFor(user.id), 'New orders');
  }

  /** This admin opened Manage Orders (or moved an order there): their badge starts again from 0. */
  @Post('admin/new-orders/seen')
  @HttpCode(200)
  @Auth('ADMIN')
  async seen(@CurrentUser() user: AuthUser) {
    return ok<NewOrdersCount>(await this.orders.markOrdersSeen(user.id), 'Orders seen');
  }

  @Get('admin/orders')
  @Auth('ADMIN')
  async list(@ZQuery(AdminOrdersQuery) query: AdminOrdersQuery) {
    const { items, total } = await this.reader.listAll(query.page, query.limit, query.status);
    return ok(items, 'All orders', { totalCount: total, totalNoPage: Math.max(1, Math.ceil(total / query.limit)), page: query.page, limit: query.limit });
  }

  /** The Returns tab: open requests by default, every return with `?all=true`. */
  @Get('admin/returns')
  @Auth('ADMIN')
  async returns(@ZQuery(AdminReturnsQuery) query: AdminReturnsQuery) {
    return ok(await this.returnsService.list(!query.all), 'Returns');
  }

  /** Moves a return: APPROVED or REJECTED, then RECEIVED (units back on sale), then REFUNDED (docs/product.md#returns). */
  @Post('admin/return-status')
  @HttpCode(200)
  @Auth('ADMIN')
  async returnStatus(@CurrentUser() admin: AuthUser, @ZBody(ReturnStatusBody) body: ReturnStatusBody) {
    return ok(await this.returnsService.adminMove(admin.id, body), 'Return updated');
  }

  /** Takes units the shop cannot send off an order before it leaves (docs/product.md#cancelling-part-of-an-order). */
  @Post('admin/cancel-items')
  @HttpCode(200)
  @Auth('ADMIN')
  async cancelItems(@CurrentUser() admin: AuthUser, @ZBody(CancelItemsBody) body: CancelItemsBody) {
    return ok(await this.partCancels.cancelItems(admin.id, body), 'Items cancelled');
  }

  @Post('admin/update-status')
  @HttpCode(200)
  @Auth('ADMIN')
  async updateStatus(@ZBody(UpdateOrderStatusBody) body: UpdateOrderStatusBody) {
    return ok(await this.orders.adminMove(body.orderId, body.status, body.reason), 'Order status updated');
  }

  /** The older admin table's path (docs/product.md#api): same rules. */
  @Post('update-status')
  @HttpCode(200)
  @Auth('ADMIN')
  async updateStatusAlias(@ZBody(UpdateOrderStatusBody) body: UpdateOrderStatusBody) {
    return this.updateStatus(body);
  }
}
