import { Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  CreateProductBody,
  GetProductsBody,
  OtherCategoryProductsBody,
  ProductDetailsBody,
  ProductsByCategoryAndSubBody,
  ProductsByCategoryBody,
  RelatedProductsBody,
  SearchProductBody,
  UpdateProductBody,
  DeleteProductBody,
} from '@haat/shared/catalog/product.schema';
import { AdjustStockBody } from '@haat/shared/orders/overview';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { MINUTE, RateLimit } from '../throttle/index.js';
import { ProductsService, hasSearchText } from './products.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

/** Text searches skip the cache whenever the words are new: each costs real queries, so each client gets a budget. */
const SEARCH_LIMIT = { ip: [120, MINUTE] as [number, number] };

const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

@Controller('product')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @LocalizedAnswers()
  @Post('create')
  @HttpCode(201)
  @Auth('ADMIN')
  async create(@CurrentUser() admin: AuthUser, @ZBody(CreateProductBody) body: CreateProductBody) {
    return ok(await this.products.create(body, admin.id), 'Product Created Successfully');
  }

  @Post('get')
  @HttpCode(200)
  @RateLimit({ ...SEARCH_LIMIT, when: hasSearchText })
  get(@ZBody(GetProductsBody) body: GetProductsBody) {
    return this.products.cached('get', body, async () => {
      const { items, total } = await this.products.list(body);
      return this.products.answer(items, 'Product data', { totalCount: total, totalNoPage: pages(total, body.limit), page: body.page, limit: body.limit });
    });
  }

  @Post('get-product-by-category')
  @HttpCode(200)
  byCategory(@ZBody(ProductsByCategoryBody) body: z.infer<typeof ProductsByCategoryBody>) {
    return this.products.cached('by-category', body, async () => this.products.answer(await this.products.byCategory(body.id), 'Category product list'));
  }

  // The second path is the seed API family's own misspelling, which its clients still call: same handler,
  // same validation; the OpenAPI document marks it deprecated.
  @Post(['get-product-by-category-and-subcategory', 'get-pruduct-by-category-and-subcategory'])
  @HttpCode(200)
  @RateLimit({ ...SEARCH_LIMIT, when: hasSearchText })
  byCategoryAndSub(@ZBody(ProductsByCategoryAndSubBody) body: ProductsByCategoryAndSubBody) {
    return this.products.cached('by-category-and-sub', body, async () => {
      const { items, total } = await this.products.byCategoryAndSub(body);
      return this.products.answer(items, 'Product list', { totalCount: total, totalNoPage: pages(total, body.limit), page: body.page, limit: body.limit });
    });
  }

  @Post('get-product-details')
  @HttpCode(200)
  details(@ZBody(ProductDetailsBody) body: z.infer<typeof ProductDetailsBody>) {
    return this.products.cached('details', body, async () => this.products.answer(await this.products.details(body.productId), 'Product details'));
  }

  @LocalizedAnswers()
  @Put('update-product-details')
  @Auth('ADMIN')
  async update(@CurrentUser() admin: AuthUser, @ZBody(UpdateProductBody) body: UpdateProductBody) {
    return ok(await this.products.update(body, admin.id), 'Product updated successfully');
  }

  /** The overview's low-stock "Adjust": one unit's stock, with the figure the screen loaded. */
  @LocalizedAnswers()
  @Post('admin/adjust-stock')
  @HttpCode(200)
  @Auth('ADMIN')
  async adjustStock(@CurrentUser() admin: AuthUser, @ZBody(AdjustStockBody) body: AdjustStockBody) {
    return ok(await this.products.adjustStock(body, admin.id), 'Stock updated');
  }

  @LocalizedAnswers()
  @Delete('delete-product')
  @Auth('ADMIN')
  async remove(@ZBody(DeleteProductBody) body: DeleteProductBody) {
    await this.products.remove(body._id);
    return ok(null, 'Product deleted successfully');
  }

  @Post('search-product')
  @HttpCode(200)
  @RateLimit(SEARCH_LIMIT)
  search(@ZBody(SearchProductBody) body: SearchProductBody) {
    return this.products.cached('search', body, async () => {
      const { items, total, understood } = await this.products.search(body);
      // A search answered through a typo's correction says what it searched for (docs/product.md#screen-behaviour).
      const corrected = this.products.correctedSearch(body.search, items);
      return this.products.answer(items, 'Product search result', {
        totalCount: total,
        totalPage: pages(total, body.limit),
        page: body.page,
        limit: body.limit,
        ...(corrected ? { correctedSearch: corrected } : {}),
        // What the query was read as: the parts that narrowed it, the words that matched nothing and what emptied the page (docs/product.md#search).
        ...(understood && (understood.parts.length || understood.unmatched.length || understood.emptied || understood.lacking) ? { understood } : {}),
      });
    });
  }

  @Post('get-related-products')
  @HttpCode(200)
  related(@ZBody(RelatedProductsBody) body: z.infer<typeof RelatedProductsBody>) {
    return this.products.cached('related', body, async () =>
      this.products.answer(await this.products.related(body.categoryId, body.subCategoryId, body.excludeProductId, body.limit), 'Related products'),
    );
  }

  @Post('get-other-category-products')
  @HttpCode(200)
  other(@ZBody(OtherCategoryProductsBody) body: z.infer<typeof OtherCategoryProductsBody>) {
    return this.products.cached('other', body, async () =>
      this.products.answer(await this.products.otherCategories(body.currentCategoryId, body.limit), 'Other category products'),
    );
  }
}
