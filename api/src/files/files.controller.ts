import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { FilesService } from './files.service.js';
import { readUploadedFile } from './multipart-file.js';
import { MINUTE, RateLimit } from '../throttle/index.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('file')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** Answers the URL in every shape docs/product.md#records lists callers reading: data.url, data.secure_url, url. */
  @Post('upload')
  @HttpCode(201)
  @RateLimit({ ip: [120, MINUTE], user: [120, MINUTE] })
  @Auth('ADMIN')
  async upload(@Req() req: FastifyRequest) {
    const stored = await this.files.saveImage(await readUploadedFile(req));
    return ok({ url: stored.url, secure_url: stored.url, small: stored.small }, 'Image uploaded successfully!', { url: stored.url });
  }
}
