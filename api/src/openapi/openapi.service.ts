import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { readApiRoutes, type ApiRoute } from './api-routes.js';
import { buildOpenApiDocument } from './openapi-document.js';

/** The routes Nest registered, read once, and the OpenAPI document built from them. */
@Injectable()
export class OpenApiService {
  private document?: Record<string, unknown>;
  private routeList?: ApiRoute[];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  routes(): ApiRoute[] {
    return (this.routeList ??= readApiRoutes(
      this.discovery
        .getControllers()
        .map((wrapper) => wrapper.metatype)
        .filter((m): m is new (...args: never[]) => unknown => typeof m === 'function'),
    ));
  }

  doc(): Record<string, unknown> {
    return (this.document ??= buildOpenApiDocument(this.routes(), this.config.publicUrl, '0.1.0'));
  }
}
