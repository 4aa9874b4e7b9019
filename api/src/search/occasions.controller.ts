import { Controller, Delete, Get, NotFoundException, Put } from '@nestjs/common';
import { DeleteOccasionBody, PutOccasionBody } from '@haat/shared/search/occasion.schema';
import type { z } from 'zod';
import { Auth } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { Occasions } from './occasions.js';

/** The admin's gifts for each occasion, beside the synonyms (docs/product.md#search): list, set, put back the kept list's. */
@Controller('search/occasions')
export class OccasionsController {
  constructor(private readonly occasions: Occasions) {}

  @Get()
  @Auth('ADMIN')
  async list() {
    return ok(await this.occasions.list());
  }

  @Put()
  @Auth('ADMIN')
  async put(@ZBody(PutOccasionBody) body: PutOccasionBody) {
    return ok(await this.occasions.put(body), 'Occasion saved');
  }

  @Delete()
  @Auth('ADMIN')
  async reset(@ZBody(DeleteOccasionBody) body: z.infer<typeof DeleteOccasionBody>) {
    if (!(await this.occasions.reset(body.name))) throw new NotFoundException(`The shop has no gifts of its own for ${body.name}`);
    return ok(null, 'Occasion put back');
  }
}
