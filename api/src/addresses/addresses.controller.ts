import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CreateAddressBody, DisableAddressBody, UpdateAddressBody } from '@haat/shared/addresses/address.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { AddressesService } from './addresses.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('address')
@Auth()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Post('create')
  @HttpCode(201)
  async create(@CurrentUser() user: AuthUser, @ZBody(CreateAddressBody) body: CreateAddressBody) {
    return ok(await this.addresses.create(user.id, body), 'Address Created Successfully');
  }

  @Get('get')
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.addresses.listActive(user.id), 'List of address');
  }

  @Put('update')
  async update(@CurrentUser() user: AuthUser, @ZBody(UpdateAddressBody) body: UpdateAddressBody) {
    return ok(await this.addresses.update(user.id, body), 'Address Updated');
  }

  @Delete('disable')
  async disable(@CurrentUser() user: AuthUser, @ZBody(DisableAddressBody) body: DisableAddressBody) {
    return ok(await this.addresses.disable(user.id, body._id), 'Address Removed');
  }
}
