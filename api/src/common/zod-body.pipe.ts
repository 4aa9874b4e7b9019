import { Body, type PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from './app-error.js';

/** Names the fields at fault: `price: must be a number; name: is required`. */
export function describeIssues(error: z.ZodError): { message: string; fields: string[] } {
  const fields: string[] = [];
  const parts: string[] = [];
  for (const issue of error.issues.slice(0, 5)) {
    // A refused record key is not echoed: the field is the record, and the key is what was wrong.
    const path = issue.code === 'invalid_key' ? issue.path.slice(0, -1) : issue.path;
    const field = path.length ? path.map((p) => String(p).replace(UNPRINTABLE, '\uFFFD')).join('.') : 'body';
    if (!fields.includes(field)) fields.push(field);
    const message = innerMessage(issue);
    parts.push(path.length || !message.startsWith('Invalid input') ? `${field}: ${message}` : 'body: must be a JSON object');
  }
  return { message: parts.join('; '), fields };
}

/** Control characters and surrogates in a refused key would come back in the message. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point: they must not be echoed back
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/g;

/** zod's "Invalid key in record" and "Invalid input" (a union) hide the rule that refused the value: say it. */
function innerMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key') return `a field name ${issue.issues[0]?.message ?? 'is not valid'}`;
  if (issue.code === 'invalid_union') {
    const custom = issue.errors.flat().find((i) => i.code === 'custom');
    if (custom) return custom.message;
  }
  return issue.message;
}

export class ZodPipe<S extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const { message, fields } = describeIssues(result.error);
    throw new AppError(400, ErrorCode.Validation, message, { fields });
  }
}

/** Where ZBody/ZQuery leave their schema on the handler, for the OpenAPI document (api/src/openapi). */
export const BODY_SCHEMA = 'haat:body-schema';
export const QUERY_SCHEMA = 'haat:query-schema';

const remember =
  (key: string, schema: z.ZodType, param: ParameterDecorator): ParameterDecorator =>
  (target, method, index) => {
    if (method !== undefined) Reflect.defineMetadata(key, schema, (target as Record<string | symbol, object>)[method]!);
    param(target, method, index);
  };

/** `@ZBody(Schema) body: z.infer<typeof Schema>`: the body, validated by the shared zod schema. */
export const ZBody = (schema: z.ZodType) => remember(BODY_SCHEMA, schema, Body(new ZodPipe(schema)));
export const ZQuery = (schema: z.ZodType) => remember(QUERY_SCHEMA, schema, Query(new ZodPipe(schema)));
