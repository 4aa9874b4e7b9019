import { Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';
import { CreateSubCategoryBody, DeleteByIdBody, UpdateSubCategoryBody } from '@haat/shared/catalog/category.schema';
import { Auth } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { SubCategoriesService } from './subcategories.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('subcategory')
export class SubCategoriesController {
  constructor(private readonly subCategories: SubCategoriesService) {}

  @Post('create')
  @HttpCode(201)
  @Auth('ADMIN')
  async create(@ZBody(CreateSubCategoryBody) body: CreateSubCategoryBody) {
    return ok(await this.subCategories.create(body), 'Sub category created successfully');
  }

  @Post('get')
  @HttpCode(200)
  async list() {
    return ok(await this.subCategories.list());
  }

  @Put('update')
  @Auth('ADMIN')
  async update(@ZBody(UpdateSubCategoryBody) body: UpdateSubCategoryBody) {
    return ok(await this.subCategories.update(body), 'Sub category updated successfully');
  }

  @Delete('delete')
  @Auth('ADMIN')
  async remove(@ZBody(DeleteByIdBody) body: { _id: string }) {
    await this.subCategories.remove(body._id);
    return ok(null, 'Sub category deleted successfully');
  }
}
