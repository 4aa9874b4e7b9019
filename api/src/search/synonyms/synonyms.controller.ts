import { Controller, Delete, Get, NotFoundException, Put } from '@nestjs/common';
import { z } from 'zod';
import { Auth } from '../../auth/index.js';
import { ok } from '../../common/envelope.js';
import { ZBody } from '../../common/zod-body.pipe.js';
import { MAX_MEANS_WORDS, Synonyms } from './synonyms.js';

/** A word or two as shoppers type it, in any script: letters, digits, spaces, hyphens and apostrophes. */
const Word = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[\p{L}\p{M}\p{N}'’-]+( [\p{L}\p{M}\p{N}'’-]+)?$/u, 'one or two words of letters or digits');

export const PutSynonymBody = z.strictObject({
  word: Word,
  means: z
    .string()
    .trim()
    .min(2)
    .max(80)
    .refine((m) => m.split(/\s+/).length <= MAX_MEANS_WORDS, `at most ${MAX_MEANS_WORDS} words`),
});
export const DeleteSynonymBody = z.strictObject({ word: Word });

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
  async put(@ZBody(PutSynonymBody) body: z.infer<typeof PutSynonymBody>) {
    return ok(await this.synonyms.put(body), 'Synonym saved');
  }

  @Delete()
  @Auth('ADMIN')
  async remove(@ZBody(DeleteSynonymBody) body: z.infer<typeof DeleteSynonymBody>) {
    if (!(await this.synonyms.remove(body.word))) throw new NotFoundException(`No synonym for "${body.word}"`);
    return ok(null, 'Synonym removed');
  }
}
