import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { localizeMessage } from './localize-message.js';
import { requestLanguage } from './request-language.js';

/**
 * A success answer's `message` ("Order successfully placed") in the request's language. Put on the
 * controllers whose answers a person reads, never on the catalogue's reads: those cost no i18n work.
 * Error answers are translated by the exception filter (api/src/common/all-exceptions.filter.ts).
 */
@Injectable()
class LocalizeAnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>();
    return next.handle().pipe(
      map((body: unknown) => {
        const message = (body as { message?: unknown } | null)?.message;
        if (typeof message !== 'string' || !message) return body;
        const language = requestLanguage(req);
        return language === 'en-IN' ? body : { ...(body as object), message: localizeMessage(message, language) };
      }),
    );
  }
}

/** `@LocalizedAnswers()` on a controller or handler: its success messages follow Accept-Language. */
export const LocalizedAnswers = () => UseInterceptors(LocalizeAnswerInterceptor);
