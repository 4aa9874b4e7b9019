import { Controller, Get, Header } from '@nestjs/common';
import { OpenApiService } from './openapi.service.js';

@Controller()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiService) {}

  /** The OpenAPI 3.1 description of every route (not in the envelope: it is a document, for tools). */
  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  document() {
    return this.openApi.doc();
  }
}
