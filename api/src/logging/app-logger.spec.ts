import { pino } from 'pino';
import type { AppConfig } from '../config/config.js';
import { createAppLogger, REDACT, SECRET_FIELDS } from './app-logger.js';

/** Pino's own `redact` with every secret as a path (`*.password`…): what the app's logger must write, line for line. */
function pinoRedacting(lines: string[]) {
  const paths = [...REDACT, ...[...SECRET_FIELDS].map((field) => `*.${field}`)];
  return pino(
    { level: 'info', redact: { paths, censor: '[redacted]' }, base: undefined, timestamp: false },
    { write: (line: string) => void lines.push(line) },
  );
}

function appLogger(lines: string[]) {
  return createAppLogger({ logLevel: 'log' } as AppConfig, { write: (line: string) => void lines.push(line) });
}

/** A line without its time (the app's logger writes one, the oracle none). */
const untimed = (line: string) => line.replace(/,"time":"[^"]*"/, '');

class Session {
  constructor(
    readonly id: string,
    readonly token: string,
  ) {}
}

const lines: Array<[Record<string, unknown>, string]> = [
  [{ method: 'POST', route: '/api/user/login', path: '/api/user/login', status: 200, durationMs: 3.2, userId: 'u1' }, 'request'],
  [{ context: 'Auth', body: { email: 'a@b.in', password: 'p', nested: { password: 'deep' } }, list: [{ password: 'in a list' }], token: 'top level' }, 'plain'],
  [{ err: Object.assign(new Error('boom'), { code: '23514', password: 'on the error', detail: 'kept' }) }, 'an error'],
  [{ err: Object.assign(new TypeError('outer', { cause: new Error('inner') }), { otp: '123456' }) }, 'an error with a cause'],
  [{ error: Object.assign(new Error('not under err'), { code: 'E1' }), session: new Session('s1', 'secret'), when: new Date(0) }, 'other objects'],
  [{ headers: { authorization: 'Bearer x', cookie: 'c', accept: '*/*', code: 'c' }, req: { headers: { authorization: 'a', host: 'h' } } }, 'headers'],
  [{ res: { headers: { 'set-cookie': 'sid=1', etag: 'e' }, statusCode: 200 } }, 'a response'],
  [
    {
      a: null,
      b: undefined,
      c: 0,
      d: 'x',
      e: { accessToken: 't', refreshToken: 'r', accesstoken: 't2', credential: 'g', newPassword: 'n', confirmPassword: 'n' },
    },
    'every field',
  ],
];

describe("the app's logger", () => {
  it('blanks every secret as pino blanked them, and writes every other field alike', () => {
    const [expected, written] = [[] as string[], [] as string[]];
    const [oracle, app] = [pinoRedacting(expected), appLogger(written)];
    for (const [fields, message] of lines) {
      oracle.info(fields, message);
      app.info(fields, message);
    }
    expect(written.map(untimed)).toEqual(expected);
    expect(written.join('')).toContain('[redacted]');
    for (const secret of ['"p"', 'on the error', '123456', 'Bearer x', 'sid=1', '23514', '"secret"', 'E1']) expect(written.join('')).not.toContain(secret);
  });

  it('leaves the objects it logs as they were', () => {
    const body = { password: 'p', name: 'n' };
    const error = Object.assign(new Error('boom'), { code: '23514' });
    appLogger([]).info({ body, err: error }, 'line');
    expect(body).toEqual({ password: 'p', name: 'n' });
    expect(error.code).toBe('23514');
  });
});
