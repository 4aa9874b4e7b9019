import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { AddCategoryBody, DeleteByIdBody, UpdateCategoryBody } from '@haat/shared/catalog/category.schema';
import { Auth } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { CategoriesService } from './categories.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('category')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Post('add-category')
  @HttpCode(201)
  @Auth('ADMIN')
  async add(@ZBody(AddCategoryBody) body: AddCategoryBody) {
    return ok(await this.categories.add(body), 'Category added successfully!');
  }

  @Get('get')
  async list() {
    return ok(await this.categories.list());
  }

  @Put('update')
  @Auth('ADMIN')
  async update(@ZBody(UpdateCategoryBody) body: UpdateCategoryBody) {
    return ok(await this.categories.update(body), 'Category updated successfully');
  }

  @Delete('delete')
  @Auth('ADMIN')
  async remove(@ZBody(DeleteByIdBody) body: { _id: string }) {
    await this.categories.remove(body._id);
    return ok(null, 'Category deleted successfully');
  }
}
