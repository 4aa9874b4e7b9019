import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@haat/shared/common/envelope';
import { ErrorCode, errorCodeOf } from '@haat/shared/common/error-code';
import { AppError } from './app-error.js';
import { databaseFault, type DatabaseFault } from './database-fault.js';
import { errorFacts } from './error-facts.js';
import { redactSecrets } from './redact-secrets.js';
import { localizeMessage } from '../i18n/localize-message.js';
import { requestLanguage } from '../i18n/request-language.js';

/** Seconds a client is asked to wait before retrying a request that lost its database connection. */
export const DATABASE_RETRY_AFTER_S = 2;

/** What the shopper reads when a value passed validation but PostgreSQL refused it (SQLSTATE class 22). */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'a text is too long',
  '22003': 'a number is out of range',
  '22021': 'a text holds a character that cannot be stored',
  '22P02': 'a value is not in the expected format',
  '22P05': 'a text holds a character that cannot be stored',
  '22007': 'a date is not valid',
  '22008': 'a date is out of range',
  '22012': 'a calculation divided by zero',
  '22025': 'a text holds an invalid escape',
};

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

/** The code of an answer that names none of ours (Nest's and Fastify's own errors), by its status. */
const CODES_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  422: ErrorCode.Validation,
  429: ErrorCode.RateLimited,
};
const codeFor = (status: number): ErrorCode => CODES_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest);

/** Turns any error into the envelope, always with a code from shared's ErrorCode. Internals of unexpected errors never reach the client. */
export function toEnvelope(
  exception: unknown,
  req: { id?: string; method?: string; url?: string },
  logger: Logger,
): { status: number; body: ErrorEnvelope; headers?: Record<string, string> } {
  // Logs name the route, never its query string (search words, codes) nor any value the request carried.
  const where = `${req.method} ${req.url?.split('?')[0]} [${req.id}]`;
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
    if (status >= 500 && !(exception instanceof AppError)) logger.error(`${where} ${redactSecrets(message)}`, stackFrames(exception));
    // AppErrors carry their own code; Nest's own exceptions (an unknown route, a guard's 403…) get one by status.
    const code = errorCodeOf(rest.code) ?? codeFor(status);
    const answer = status === 404 && message.startsWith('Cannot ') ? `Route ${req.method} ${req.url?.split('?')[0]} not found.` : message;
    return { status, body: { ...rest, success: false, error: true, message: answer, code } };
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
    // Fastify's own code (FST_ERR_CTP_BODY_TOO_LARGE…) is its internals: the answer names ours, by status.
    return { status, body: { success: false, error: true, message, code: codeFor(status), ...(badJson ? { fields: ['body'] } : {}) } };
  }
  const fault = databaseFault(exception);
  if (fault) return databaseAnswer(fault, errorFacts(exception), where, req.id, logger);
  logger.error(`${where} unexpected: ${errorFacts(err)}`, stackFrames(err));
  return { status: 500, body: { success: false, error: true, message: `Something went wrong on our side (request ${req.id}).`, code: ErrorCode.Internal } };
}

/**
 * A database error is answered and logged by its facts alone (SQLSTATE, constraint, table, column):
 * its message holds the SQL parameters. A lost connection is a 503 the client may retry; a value
 * PostgreSQL refuses (class 22, data exception) is the request's fault, a 400; the rest is ours.
 */
function databaseAnswer(
  fault: DatabaseFault,
  facts: string,
  where: string,
  id: string | undefined,
  logger: Logger,
): { status: number; body: ErrorEnvelope; headers?: Record<string, string> } {
  if (fault.unavailable) {
    logger.warn(`${where} ${facts}`);
    return {
      status: 503,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
      body: {
        success: false,
        error: true,
        message: 'The shop cannot reach its database for a moment. Please try again shortly.',
        code: ErrorCode.DatabaseUnavailable,
      },
    };
  }
  // Every pooled connection in use for the whole wait: the database answers, the shop is busy (retry soon).
  if (fault.busy) {
    logger.warn(`${where} ${facts}`);
    return {
      status: 503,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
      body: { success: false, error: true, message: 'The shop is busy. Please try again in a moment.', code: ErrorCode.Busy },
    };
  }
  // A query past its statement_timeout (SQLSTATE 57014, the catalogue's bound): busy, not broken.
  if (fault.code === '57014') {
    logger.warn(`${where} query cancelled (statement timeout)`);
    return {
      status: 503,
      headers: { 'retry-after': '5' },
      body: { success: false, error: true, message: 'The shop is busy. Please try again in a few seconds.', code: ErrorCode.Busy },
    };
  }
  // Transaction rollbacks (class 40: serialization failure 40001, deadlock 40P01), a lock that
  // could not be had (55P03) and a server short of memory or disk (class 53): nothing was stored,
  // the same request may simply be sent again.
  if (fault.code && (fault.code.startsWith('40') || fault.code === '55P03' || fault.code.startsWith('53'))) {
    logger.warn(`${where} transient database conflict: ${facts}`);
    return {
      status: 503,
      headers: { 'retry-after': '1' },
      body: { success: false, error: true, message: 'The shop is busy. Please try again in a moment.', code: ErrorCode.Busy },
    };
  }
  // An integrity rule the database enforced where no code of ours checked first: a row that was
  // removed meanwhile (23503), a value already taken (23505), an exclusion (23P01). A CHECK
  // violation (23514) stays a 500: every check in the schema is validated by our code first, so the
  // database catching one means a bug of ours, not the client's.
  const conflict = fault.code ? INTEGRITY_CONFLICTS[fault.code] : undefined;
  if (conflict) {
    logger.warn(`${where} integrity conflict: ${facts}`);
    return { status: 409, body: { success: false, error: true, message: `The request conflicts with what is stored: ${conflict}.`, code: ErrorCode.Conflict } };
  }
  if (fault.code?.startsWith('22')) {
    logger.warn(`${where} data exception: ${facts}`);
    const what = DATA_EXCEPTIONS[fault.code] ?? 'a value cannot be stored';
    return { status: 400, body: { success: false, error: true, message: `The request cannot be stored: ${what}.`, code: ErrorCode.InvalidValue } };
  }
  logger.error(`${where} ${facts}`);
  return { status: 500, body: { success: false, error: true, message: `Something went wrong on our side (request ${id}).`, code: ErrorCode.Internal } };
}

/** Integrity violations the client can cause by racing another request; each answers 409. */
const INTEGRITY_CONFLICTS: Record<string, string> = {
  '23503': 'it refers to something that no longer exists',
  '23505': 'a value that must be unique is already taken',
  '23P01': 'it overlaps something already stored',
};

/** The stack's frames without its first line, which repeats the message. */
function stackFrames(error: unknown): string | undefined {
  const stack = (error as { stack?: unknown } | undefined)?.stack;
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .join('\n');
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
    answerError(exception, req, reply, this.logger);
  }
}

/**
 * The shop's answer to an error, in the envelope and the caller's language: what the filter sends for every Nest
 * route, and what a route registered on Fastify itself (the stored pictures) sends for its own failures.
 */
export function answerError(exception: unknown, req: FastifyRequest, reply: FastifyReply, logger: Logger): FastifyReply {
  const { status, body, headers } = toEnvelope(exception, req, logger);
  if (headers) void reply.headers(headers);
  // The one place error messages are translated (docs/product.md#languages): codes stay as they are.
  const language = requestLanguage(req);
  void reply.header('content-language', language);
  return reply.status(status).send(language === 'en-IN' ? body : { ...body, message: localizeMessage(body.message, language) });
}
