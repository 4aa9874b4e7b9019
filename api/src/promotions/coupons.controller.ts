import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CreateCouponBody, DisableCouponBody, UpdateCouponBody } from '@haat/shared/promotions/coupon.schema';
import { Auth } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { CouponsService } from './coupons.service.js';

/** The admin's coupon routes (docs/product.md#coupons); shoppers apply a code at checkout (orders). */
@LocalizedAnswers()
@Controller('coupon')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Post('create')
  @HttpCode(201)
  @Auth('ADMIN')
  async create(@ZBody(CreateCouponBody) body: CreateCouponBody) {
    return ok(await this.coupons.create(body), 'Coupon created');
  }

  @Get('list')
  @Auth('ADMIN')
  async list() {
    return ok(await this.coupons.list(), 'Coupons');
  }

  @Put('update')
  @Auth('ADMIN')
  async update(@ZBody(UpdateCouponBody) body: UpdateCouponBody) {
    return ok(await this.coupons.update(body), 'Coupon updated');
  }

  @Post('disable')
  @HttpCode(200)
  @Auth('ADMIN')
  async disable(@ZBody(DisableCouponBody) body: DisableCouponBody) {
    return ok(await this.coupons.disable(body._id), 'Coupon disabled');
  }
}
