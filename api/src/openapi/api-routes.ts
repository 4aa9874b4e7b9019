import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { z } from 'zod';
import { BODY_SCHEMA, QUERY_SCHEMA } from '../common/zod-body.pipe.js';

/** One route as Nest registered it, with what its decorators say about input and auth. */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** OpenAPI form: /api/review/{productId} */
  path: string;
  tag: string;
  operationId: string;
  status: number;
  /** undefined: public; []: any signed-in user; ['ADMIN']: administrators. */
  auth: undefined | string[];
  body?: z.ZodType;
  query?: z.ZodType;
  pathParams: string[];
  headers: string[];
}

const METHODS: Partial<Record<RequestMethod, ApiRoute['method']>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

const paths = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);
const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Reads every route of the given controller classes from Nest's own metadata (the global prefix is `api`). */
export function readApiRoutes(controllers: Array<new (...args: never[]) => unknown>): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const controller of controllers) {
    const proto = controller.prototype as Record<string, unknown>;
    const classRoles = Reflect.getMetadata('haat:roles', controller) as string[] | undefined;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const routePath = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (routePath === undefined || !method) continue;
      const roles = (Reflect.getMetadata('haat:roles', handler) as string[] | undefined) ?? classRoles;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { data?: unknown }>;
      const headers = Object.entries(args)
        .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.HEADERS}:`) && typeof arg.data === 'string')
        .map(([, arg]) => String(arg.data).toLowerCase());
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const sub of paths(routePath)) {
          const full = join('api', base, sub);
          routes.push({
            method,
            path: full.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
            tag: base.split('/')[0] || 'api',
            // Controller-method: no `_`, which Swagger UI reads in a deep link (/api/docs#/tag/operationId) as an escaped space.
            operationId: `${controller.name.replace(/Controller$/, '')}-${name}`,
            status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'post' ? 201 : 200),
            auth: roles,
            body: Reflect.getMetadata(BODY_SCHEMA, handler) as z.ZodType | undefined,
            query: Reflect.getMetadata(QUERY_SCHEMA, handler) as z.ZodType | undefined,
            pathParams: [...full.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
            headers,
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
