import { Body, type PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Names the fields at fault: `price: must be a number; name: is required`. */
export function describeIssues(error: z.ZodError): { message: string; fields: string[] } {
  const fields: string[] = [];
  const parts: string[] = [];
  for (const issue of error.issues.slice(0, 5)) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    if (!fields.includes(field)) fields.push(field);
    parts.push(issue.path.length || !issue.message.startsWith('Invalid input') ? `${field}: ${issue.message}` : 'body: must be a JSON object');
  }
  return { message: parts.join('; '), fields };
}

export class ZodPipe<S extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const { message, fields } = describeIssues(result.error);
    throw new AppError(400, 'VALIDATION', message, { fields });
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
