import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/config.js';

const LEVEL: Record<AppConfig['logLevel'], string> = { silent: 'silent', error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

const CENSOR = '[redacted]';

/**
 * Whatever is logged, these never are: credentials, session and reset secrets, one-time codes. The headers' paths are
 * pino's `redact`; the fields under any field of a line (`body.password`, `err.code`) are `redactFields`'.
 */
export const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'];
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'newPassword',
  'confirmPassword',
  'token',
  'accesstoken',
  'accessToken',
  'refreshToken',
  'otp',
  'code',
  'credential',
]);

/**
 * A value with its SECRET_FIELDS blanked, one level down, as pino's `redact` blanks `*.password`: a copy (same
 * prototype, its own enumerable fields) when it has one, else the value itself. Arrays and other values as they are.
 */
function blanked<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const key in value)
    if (SECRET_FIELDS.has(key) && Object.prototype.hasOwnProperty.call(value, key)) {
      copy ??= Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>, value);
      copy[key] = CENSOR;
    }
  return (copy ?? value) as T;
}

/**
 * A log line's fields, each with its SECRET_FIELDS blanked (`blanked`). Pino's `redact` did this for `*.password` and
 * the like, but @pinojs/redact parses each such path again for every field of every line: 28 KiB of garbage a
 * request and 3–4 % of a search's CPU (docs/decisions/0046-logs.md). The error field is blanked once serialized, by
 * `redactedErrors`. A child logger's bindings are not lines: the one child is Fastify's per request, bound to its id.
 */
export function redactFields<T extends Record<string, unknown>>(fields: T): T {
  let copy: Record<string, unknown> | null = null;
  for (const key in fields) {
    if (key === 'err') continue;
    const value = fields[key];
    const safe = blanked(value);
    if (safe !== value) (copy ??= { ...fields })[key] = safe;
  }
  return (copy ?? fields) as T;
}

/** Pino's error serializer, its answer blanked as `blanked` blanks a field (an error's `code`, a `password` on it). */
const redactedErrors = (error: unknown): unknown => blanked(pino.stdSerializers.err(error as Error) as unknown);

/**
 * The one pino logger: JSON lines (to stdout, or `destination` in tests), short coloured lines when
 * stdout is a terminal. LOG_LEVEL maps onto pino's levels (log → info).
 */
export function createAppLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: LEVEL[config.logLevel],
    redact: { paths: REDACT, censor: CENSOR },
    formatters: { log: redactFields },
    serializers: { err: redactedErrors },
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY) {
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v));
    const shortLine = (log: Record<string, unknown>, key: string) =>
      log[key] === 'request' || log[key] === 'request failed'
        ? `${String(log.method)} ${String(log.path)} ${String(log.status)} ${String(log.durationMs)} ms${log.userId ? ` (user ${text(log.userId)})` : ''}`
        : `${log.context ? `[${text(log.context)}] ` : ''}${String(log[key])}`;
    return pino(
      options,
      pretty({
        sync: true,
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,context,reqId,method,route,path,status,durationMs,userId',
        messageFormat: shortLine,
        singleLine: true,
      }),
    );
  }
  return pino(options);
}

/** A client's X-Request-Id is kept when it is a plausible id (1–128 visible characters), else one is made. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && /^[\x21-\x7e]{1,128}$/.test(value) ? value : randomUUID();
}
