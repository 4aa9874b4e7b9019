import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { ApiRoute } from './api-routes.js';
import { ROUTE_NOTES } from './route-notes.js';

/** The answer envelope (shared/src/common/envelope.ts), as zod so the document and the tests agree. */
export const SuccessEnvelope = z
  .object({ success: z.literal(true), error: z.literal(false), message: z.string(), data: z.unknown().optional() })
  .catchall(z.unknown())
  .meta({ id: 'SuccessEnvelope', description: 'Every success answer. Lists put paging fields (totalCount, totalNoPage…) beside data.' });

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.literal(true),
    message: z.string().meta({ description: "For people: names the field or rule at fault, in the request's language (Accept-Language)." }),
    code: z.enum(ErrorCode).meta({ description: 'Stable, for programs: one of shared ErrorCode, in every error answer.' }),
    fields: z.array(z.string()).optional().meta({ description: 'The request fields at fault, e.g. ["price"].' }),
  })
  .catchall(z.unknown())
  .meta({ id: 'ErrorEnvelope', description: 'Every error answer (4xx and 5xx).' });

const ERROR_TEXT: Record<number, string> = {
  400: 'VALIDATION (fields named) or BAD_REQUEST (body not JSON)',
  401: 'UNAUTHORIZED: no, expired or revoked access token (refresh it: POST /api/user/refresh-token)',
  403: 'FORBIDDEN: signed in, but not allowed (administrators only, or not yours)',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'FILE_TOO_LARGE or body over 1 MB',
  415: 'NOT_AN_IMAGE',
  422: 'IDEMPOTENCY_KEY_REUSED: the key was used with another body',
  429: 'RATE_LIMITED: see Retry-After',
  500: 'INTERNAL: the message carries the request id',
  502: 'PAYMENT_PROVIDER',
  503: 'the database is unavailable, or the feature is NOT_CONFIGURED on this server',
};

/** The error statuses a route can answer: from what it takes and who may call it, plus its notes. */
export function errorStatuses(route: ApiRoute): number[] {
  const notes = ROUTE_NOTES[`${route.method.toUpperCase()} ${route.path}`];
  const set = new Set<number>([429, 500, 503]);
  if (route.body || route.query || route.headers.length || route.pathParams.length || notes?.multipart) set.add(400);
  if (Array.isArray(route.auth)) set.add(401);
  if (Array.isArray(route.auth) && route.auth.length > 0) set.add(403);
  // A body that names a stored thing anywhere (productId of a line, _id of a category…) can answer 404.
  const idField = route.body && /"(_id|id|productId|orderId)"/.test(JSON.stringify(z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' })));
  if (route.pathParams.length || idField) set.add(404);
  for (const status of notes?.errors ?? []) set.add(status);
  return [...set].sort((a, b) => a - b);
}

const MULTIPART = {
  type: 'object',
  description: 'Exactly one file part, whatever its field name (file, image, avatar); at most 5 MB; JPEG, PNG, WebP, GIF or AVIF.',
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
} as const;

/** OpenAPI 3.1 for every route Nest registered, bodies and queries from the shared zod schemas (by zod-to-openapi). */
export function buildOpenApiDocument(routes: ApiRoute[], publicUrl: string, version: string): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  for (const [status, text] of Object.entries(ERROR_TEXT))
    registry.registerComponent('responses', `E${status}`, {
      description: text,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });

  for (const route of routes) {
    const notes = ROUTE_NOTES[`${route.method.toUpperCase()} ${route.path}`];
    const headers = [...new Set([...route.headers.filter((h) => h !== 'user-agent'), ...(notes?.headers ?? [])])].map((name) =>
      z.string().meta({
        param: {
          name,
          in: 'header',
          required: name === 'stripe-signature',
          ...(name === 'idempotency-key' ? { description: 'One per logical request (e.g. a UUID); a repeat answers the first result.' } : {}),
        },
      }),
    );
    const body = route.body
      ? { 'application/json': { schema: route.body, ...(notes?.example ? { example: notes.example } : {}) } }
      : notes?.multipart
        ? { 'multipart/form-data': { schema: MULTIPART } }
        : notes?.rawBody
          ? { 'application/json': { schema: { type: 'object' as const, description: notes.rawBody } } }
          : undefined;
    const responses: RouteConfig['responses'] = {
      [String(route.status)]: {
        description: notes?.summary ?? 'Success',
        content: { 'application/json': { schema: SuccessEnvelope } },
      },
    };
    for (const status of errorStatuses(route)) responses[String(status)] = { $ref: `#/components/responses/E${status}` };

    registry.registerPath({
      method: route.method,
      path: route.path,
      // An alias shares its handler (and so its operation id) with the route it spells differently.
      operationId: notes?.deprecatedFor ? `${route.operationId}-deprecatedAlias` : route.operationId,
      tags: [route.tag],
      ...(notes?.deprecatedFor ? { deprecated: true } : {}),
      ...(notes?.summary ? { summary: notes.summary } : {}),
      security: route.auth === undefined ? [] : [{ bearerAuth: [] }],
      ...(Array.isArray(route.auth) && route.auth.length ? { description: `Roles: ${route.auth.join(', ')}.` } : {}),
      request: {
        ...(route.pathParams.length ? { params: z.object(Object.fromEntries(route.pathParams.map((name) => [name, z.string()]))) } : {}),
        ...(route.query ? { query: route.query as z.ZodObject } : {}),
        ...(headers.length ? { headers } : {}),
        ...(body ? { body: { required: true, content: body } } : {}),
      },
      responses,
    });
  }

  // The envelopes carry their component names (meta id); listing them puts both in components.schemas.
  const envelopes = [SuccessEnvelope, ErrorEnvelope].map((schema) => ({ type: 'schema' as const, schema }));
  return new OpenApiGeneratorV31([...envelopes, ...registry.definitions]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Haat API',
      version,
      description:
        'Every answer wears the envelope `{ success, error, message, data }`; errors add `code` and, for validation, `fields`. ' +
        'Sign in with POST /api/user/login: `data.accesstoken` goes in `Authorization: Bearer …` (short-lived); when a call answers 401, ' +
        'POST /api/user/refresh-token with `{ refreshToken }` for a new pair (the old refresh token is then spent). ' +
        "Browsers on other origins must be listed in the server's CORS_ORIGINS. Image URLs are absolute. " +
        'Send `Accept-Language: hi-IN` (or `hi`, with q-values as usual) for messages and mails in Hindi; anything else is English (India), ' +
        'and the answer says which in `Content-Language`. Codes, field names and product texts never change with it. A signed-in request that ' +
        "names a language also makes it the account's (`language` in user-details), in which push notices and mails sent later are written.",
    },
    servers: [{ url: publicUrl }],
  }) as unknown as Record<string, unknown>;
}
