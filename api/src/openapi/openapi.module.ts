import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DocsController } from './docs.controller.js';
import { OpenApiController } from './openapi.controller.js';
import { OpenApiService } from './openapi.service.js';

/** GET /api/openapi.json (generated from the routes and the shared zod schemas) and the reference at /api/docs. */
@Module({ imports: [DiscoveryModule], controllers: [OpenApiController, DocsController], providers: [OpenApiService], exports: [OpenApiService] })
export class OpenApiModule {}
