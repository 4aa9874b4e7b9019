import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CreateStoreBody, SetStoreStockBody, StoreIdBody, StoreStockQuery, TransferStockBody, UpdateStoreBody } from '@haat/shared/stores/store.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody, ZQuery } from '../common/zod-body.pipe.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { StoresService } from './stores.service.js';

/** The admin's dark stores and their shelves (docs/product.md#delivery); administrators only, checked here on the server. */
@LocalizedAnswers()
@Controller('store')
export class StoresController {
  constructor(private readonly stores: StoresService) {}

  @Post('create')
  @HttpCode(201)
  @Auth('ADMIN')
  async create(@ZBody(CreateStoreBody) body: CreateStoreBody) {
    return ok({ store: await this.stores.create(body) }, 'Store created');
  }

  @Get('list')
  @Auth('ADMIN')
  async list() {
    return ok({ stores: await this.stores.list() }, 'Stores');
  }

  @Put('update')
  @Auth('ADMIN')
  async update(@ZBody(UpdateStoreBody) body: UpdateStoreBody) {
    return ok({ store: await this.stores.update(body) }, 'Store updated');
  }

  @Post('close')
  @HttpCode(200)
  @Auth('ADMIN')
  async close(@ZBody(StoreIdBody) body: StoreIdBody) {
    return ok({ store: await this.stores.setOpen(body._id, false) }, 'Store closed');
  }

  @Post('reopen')
  @HttpCode(200)
  @Auth('ADMIN')
  async reopen(@ZBody(StoreIdBody) body: StoreIdBody) {
    return ok({ store: await this.stores.setOpen(body._id, true) }, 'Store reopened');
  }

  @Get('stock')
  @Auth('ADMIN')
  async stock(@ZQuery(StoreStockQuery) query: StoreStockQuery) {
    return ok({ stock: await this.stores.stock(query.storeId) }, 'Store stock');
  }

  @Put('stock')
  @Auth('ADMIN')
  async setStock(@CurrentUser() admin: AuthUser, @ZBody(SetStoreStockBody) body: SetStoreStockBody) {
    return ok({ unit: await this.stores.setStock(body, admin.id) }, 'Store stock set');
  }

  @Post('transfer')
  @HttpCode(200)
  @Auth('ADMIN')
  async transfer(@CurrentUser() admin: AuthUser, @ZBody(TransferStockBody) body: TransferStockBody) {
    return ok({ unit: await this.stores.transfer(body, admin.id) }, 'Stock transferred');
  }
}
