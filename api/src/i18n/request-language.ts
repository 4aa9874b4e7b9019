import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { pickLanguage, type Language } from '@haat/shared/common/languages';

/** The language a request asks for by its Accept-Language header (docs/product.md#languages); read only when a text is made. */
export function requestLanguage(req: { headers?: Record<string, string | string[] | undefined> }): Language {
  const header = req.headers?.['accept-language'];
  return pickLanguage(Array.isArray(header) ? header.join(',') : header);
}

/** `@RequestLanguage() language: Language`: the caller's language, for a mail sent to them in this request. */
export const RequestLanguage = createParamDecorator((_data: unknown, ctx: ExecutionContext): Language => requestLanguage(ctx.switchToHttp().getRequest()));
