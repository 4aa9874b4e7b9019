import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { WishlistBody } from '@haat/shared/wishlist/wishlist.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { WishlistService } from './wishlist.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('wishlist')
@Auth()
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @Post('add')
  @HttpCode(200)
  async add(@CurrentUser() user: AuthUser, @ZBody(WishlistBody) body: WishlistBody) {
    await this.wishlist.add(user.id, body.productId);
    return ok({ productId: body.productId }, 'Item added');
  }

  @Post('remove')
  @HttpCode(200)
  async remove(@CurrentUser() user: AuthUser, @ZBody(WishlistBody) body: WishlistBody) {
    await this.wishlist.remove(user.id, body.productId);
    return ok({ productId: body.productId }, 'Removed from wishlist');
  }

  /** The wishlist screen was shown: its "Price dropped" marks are seen (docs/product.md#price-drops). */
  @Post('seen')
  @HttpCode(200)
  async seen(@CurrentUser() user: AuthUser) {
    await this.wishlist.seen(user.id);
    return ok({}, 'Price drops seen');
  }

  @Get('get')
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.wishlist.list(user.id), 'Wishlist');
  }
}
