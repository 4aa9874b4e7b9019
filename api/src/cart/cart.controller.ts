import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AddToCartBody, CartSyncBody, DeleteCartItemBody, UpdateQtyBody } from '@haat/shared/cart/cart.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { IdempotencyKey } from '../common/idempotency-key.decorator.js';
import { CartService } from './cart.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('cart')
@Auth()
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Post('create')
  @HttpCode(201)
  async add(@CurrentUser() user: AuthUser, @ZBody(AddToCartBody) body: AddToCartBody) {
    return ok(await this.cart.add(user.id, body.productId, body.variantId), 'Item add Successfully');
  }

  @Get('get')
  async get(@CurrentUser() user: AuthUser) {
    const view = await this.cart.get(user.id);
    return ok(view.items, 'Cart items', { totals: view.totals });
  }

  @Put('update-qty')
  async updateQty(@CurrentUser() user: AuthUser, @ZBody(UpdateQtyBody) body: UpdateQtyBody) {
    const { item, message } = await this.cart.updateQty(user.id, body._id, body.qty);
    return ok(item, message);
  }

  @Delete('delete-cart-item')
  async remove(@CurrentUser() user: AuthUser, @ZBody(DeleteCartItemBody) body: DeleteCartItemBody) {
    await this.cart.remove(user.id, body._id);
    return ok(null, 'Item remove');
  }

  /** For offline clients: absolute quantities, answered with the whole cart and what changed. */
  @Put('sync')
  async sync(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey('required') key: string,
    @ZBody(CartSyncBody) body: CartSyncBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.cart.sync(user.id, key, body);
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    const message = answer.changes.length ? 'Cart synced; some items were changed to match stock.' : 'Cart synced';
    return ok(answer.data, message, { totals: answer.totals, changes: answer.changes, replayed: answer.replayed });
  }
}
