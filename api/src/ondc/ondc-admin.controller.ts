import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { OndcCategoryBody, OndcLocationBody } from '@haat/shared/ondc/ondc-settings';
import { Auth } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { OndcSettingsService } from './ondc-settings.service.js';

/** The admin's ONDC settings (docs/product.md#selling-on-ondc); administrators only, checked here on the server. */
@LocalizedAnswers()
@Controller('ondc/admin')
export class OndcAdminController {
  constructor(private readonly settings: OndcSettingsService) {}

  @Get('settings')
  @Auth('ADMIN')
  async read() {
    return ok(await this.settings.settings(), 'ONDC settings');
  }

  /** Sells the category on ONDC with these terms (or changes them). */
  @Put('categories/:categoryId')
  @Auth('ADMIN')
  async setCategory(@Param('categoryId') categoryId: string, @ZBody(OndcCategoryBody) body: OndcCategoryBody) {
    return ok({ category: await this.settings.setCategory(categoryId, body) }, 'Category sold on ONDC');
  }

  /** Stops selling the category on ONDC: its items leave the catalogue at the next refresh. */
  @Delete('categories/:categoryId')
  @HttpCode(200)
  @Auth('ADMIN')
  async removeCategory(@Param('categoryId') categoryId: string) {
    await this.settings.removeCategory(categoryId);
    return ok({ categoryId }, 'Category no longer sold on ONDC');
  }

  @Put('locations/:id')
  @Auth('ADMIN')
  async setLocation(@Param('id') id: string, @ZBody(OndcLocationBody) body: OndcLocationBody) {
    return ok({ location: await this.settings.setLocation(id, body.gps) }, 'Location placed');
  }
}
