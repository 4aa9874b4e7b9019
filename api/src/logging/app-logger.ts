import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/config.js';

const LEVEL: Record<AppConfig['logLevel'], string> = { silent: 'silent', error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Whatever is logged, these never are: credentials, session and reset secrets, one-time codes. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.accesstoken',
  '*.accessToken',
  '*.refreshToken',
  '*.otp',
  '*.code',
  '*.credential',
];

/**
 * The one pino logger: JSON lines (to stdout, or `destination` in tests), short coloured lines when
 * stdout is a terminal. LOG_LEVEL maps onto pino's levels (log → info).
 */
export function createAppLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: LEVEL[config.logLevel],
    redact: { paths: REDACT, censor: '[redacted]' },
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
