import { Controller, Delete, Get, NotFoundException, Put } from '@nestjs/common';
import { DeleteSynonymBody, PutSynonymBody } from '@haat/shared/search/synonym.schema';
import { Auth } from '../../auth/index.js';
import { ok } from '../../common/envelope.js';
import { ZBody } from '../../common/zod-body.pipe.js';
import { Synonyms } from './synonyms.js';

/** The admin's synonyms of search (docs/decisions/0260-the-shoppers-own-words.md): list, add or change, remove. */
@Controller('search/synonyms')
export class SynonymsController {
  constructor(private readonly synonyms: Synonyms) {}

  @Get()
  @Auth('ADMIN')
  async list() {
    return ok(await this.synonyms.list());
  }

  @Put()
  @Auth('ADMIN')
  async put(@ZBody(PutSynonymBody) body: PutSynonymBody) {
    return ok(await this.synonyms.put(body), 'Synonym saved');
  }

  @Delete()
  @Auth('ADMIN')
  async remove(@ZBody(DeleteSynonymBody) body: DeleteSynonymBody) {
    if (!(await this.synonyms.remove(body.word))) throw new NotFoundException(`No synonym for "${body.word}"`);
    return ok(null, 'Synonym removed');
  }
}
