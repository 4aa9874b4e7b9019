import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@haat/shared/common/envelope';
import { AppError } from './app-error.js';

const PLAIN_MESSAGES: Record<number, string> = {
  400: 'Bad request.',
  401: 'Please login to continue.',
  403: 'Access denied',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'Request body is too large.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please try again later.',
};

/** Turns any error into the envelope. Internals of unexpected errors never reach the client. */
export function toEnvelope(
  exception: unknown,
  req: { id?: string; method?: string; url?: string },
  logger: Logger,
): { status: number; body: ErrorEnvelope; headers?: Record<string, string> } {
  // Nest's Fastify adapter wraps Fastify's own 4xx errors (bad JSON, body over 1 MB) in an
  // HttpException with the original as `cause`: answer those with our wording and code.
  const cause = exception instanceof HttpException ? (exception.cause as { code?: unknown } | undefined) : undefined;
  if (exception instanceof HttpException && !(typeof cause?.code === 'string' && cause.code.startsWith('FST_'))) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const payload = typeof response === 'string' ? { message: response } : (response as Record<string, unknown>);
    const raw = payload.message;
    const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' && raw ? raw : (PLAIN_MESSAGES[status] ?? exception.message);
    const { statusCode: _s, error: _e, ...rest } = payload;
    // 503 "not configured" and other deliberate AppErrors are answers, not faults.
    if (status >= 500 && !(exception instanceof AppError)) logger.error(`${req.method} ${req.url} [${req.id}] ${message}`, exception.stack);
    return { status, body: { ...rest, success: false, error: true, message: status === 404 && message.startsWith('Cannot ') ? `Route ${req.method} ${req.url?.split('?')[0]} not found.` : message } as ErrorEnvelope };
  }
  // Fastify's own errors (body too large, bad JSON, wrong media type) carry a 4xx statusCode.
  const err = (cause ?? exception) as { statusCode?: number; code?: string; message?: string; stack?: string };
  if (typeof err?.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    const status = err.statusCode;
    const badJson = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || !!err.message?.includes('JSON');
    const message =
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'Request body is too large (the limit is 1 MB).'
        : badJson
          ? 'body: is not valid JSON'
          : (PLAIN_MESSAGES[status] ?? 'Bad request.');
    return { status, body: { success: false, error: true, message, code: err.code ?? 'BAD_REQUEST', ...(badJson ? { fields: ['body'] } : {}) } };
  }
  // A query past its statement_timeout (SQLSTATE 57014, the catalogue's bound): busy, not broken.
  const sqlState = (err as { code?: unknown; cause?: { code?: unknown } } | undefined)?.cause?.code ?? err?.code;
  if (sqlState === '57014') {
    logger.warn(`${req.method} ${req.url?.split('?')[0]} [${req.id}] query cancelled (statement timeout)`);
    return {
      status: 503,
      headers: { 'retry-after': '5' },
      body: { success: false, error: true, message: 'The shop is busy. Please try again in a few seconds.', code: 'BUSY' },
    };
  }
  logger.error(`${req.method} ${req.url} [${req.id}] unexpected: ${err?.message}`, err?.stack);
  return { status: 500, body: { success: false, error: true, message: `Something went wrong on our side (request ${req.id}).`, code: 'INTERNAL' } };
}

/** Answers an unknown route some other way (the PWA's index.html for its own routes); true if it did. */
export type RouteFallback = (req: FastifyRequest, reply: FastifyReply) => boolean;

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly fallback?: RouteFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    if (exception instanceof NotFoundException && exception.message.startsWith('Cannot ') && this.fallback?.(req, reply)) return;
    const { status, body, headers } = toEnvelope(exception, req, this.logger);
    if (headers) void reply.headers(headers);
    void reply.status(status).send(body);
  }
}
