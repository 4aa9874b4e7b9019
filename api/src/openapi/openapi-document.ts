import { z } from 'zod';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { ApiRoute } from './api-routes.js';
import { ROUTE_NOTES } from './route-notes.js';

/** The answer envelope (shared/src/common/envelope.ts), as zod so the document and the tests agree. */
export const SuccessEnvelope = z
  .object({ success: z.literal(true), error: z.literal(false), message: z.string(), data: z.unknown().optional() })
  .catchall(z.unknown())
  .meta({ description: 'Every success answer. Lists put paging fields (totalCount, totalNoPage…) beside data.' });

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.literal(true),
    message: z.string().meta({ description: "For people: names the field or rule at fault, in the request's language (Accept-Language)." }),
    code: z.enum(ErrorCode).meta({ description: 'Stable, for programs: one of shared ErrorCode, in every error answer.' }),
    fields: z.array(z.string()).optional().meta({ description: 'The request fields at fault, e.g. ["price"].' }),
  })
  .catchall(z.unknown())
  .meta({ description: 'Every error answer (4xx and 5xx).' });

/** JSON Schema 2020-12 (OpenAPI 3.1's own dialect) of what a client sends: the schema's input side. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

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
  const idField = route.body && /"(_id|id|productId|orderId)"/.test(JSON.stringify(jsonSchema(route.body).properties ?? {}));
  if (route.pathParams.length || idField) set.add(404);
  for (const status of notes?.errors ?? []) set.add(status);
  return [...set].sort((a, b) => a - b);
}

/** OpenAPI 3.1 for every route Nest registered, bodies and queries from the shared zod schemas. */
export function buildOpenApiDocument(routes: ApiRoute[], publicUrl: string, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const notes = ROUTE_NOTES[`${route.method.toUpperCase()} ${route.path}`];
    const parameters: unknown[] = route.pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (route.query) {
      const schema = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
    for (const name of new Set([...route.headers.filter((h) => h !== 'user-agent'), ...(notes?.headers ?? [])]))
      parameters.push({
        name,
        in: 'header',
        required: name === 'stripe-signature',
        schema: { type: 'string' },
        ...(name === 'idempotency-key' ? { description: 'One per logical request (e.g. a UUID); a repeat answers the first result.' } : {}),
      });

    const requestBody = route.body
      ? { required: true, content: { 'application/json': { schema: jsonSchema(route.body), ...(notes?.example ? { example: notes.example } : {}) } } }
      : notes?.multipart
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  description: 'Exactly one file part, whatever its field name (file, image, avatar); at most 5 MB; JPEG, PNG, WebP, GIF or AVIF.',
                  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
                },
              },
            },
          }
        : notes?.rawBody
          ? { required: true, content: { 'application/json': { schema: { type: 'object', description: notes.rawBody } } } }
          : undefined;

    const responses: Record<string, unknown> = {
      [String(route.status)]: {
        description: notes?.summary ?? 'Success',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/SuccessEnvelope' } } },
      },
    };
    for (const status of errorStatuses(route)) responses[String(status)] = { $ref: `#/components/responses/E${status}` };

    (paths[route.path] ??= {})[route.method] = {
      // An alias shares its handler (and so its operation id) with the route it spells differently.
      operationId: notes?.deprecatedFor ? `${route.operationId}_deprecatedAlias` : route.operationId,
      tags: [route.tag],
      ...(notes?.deprecatedFor ? { deprecated: true } : {}),
      ...(notes?.summary ? { summary: notes.summary } : {}),
      ...(route.auth === undefined ? { security: [] } : { security: [{ bearerAuth: [] }] }),
      ...(Array.isArray(route.auth) && route.auth.length ? { description: `Roles: ${route.auth.join(', ')}.` } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, text]) => [
      `E${status}`,
      { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    ]),
  );
  return {
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
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { SuccessEnvelope: jsonSchema(SuccessEnvelope), ErrorEnvelope: jsonSchema(ErrorEnvelope) },
      responses: errorResponses,
    },
  };
}
