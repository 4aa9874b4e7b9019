import { rmSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { loadConfig } from '../src/config/config.js';
import { createApp } from '../src/app.factory.js';
import { ADMIN, migratedDataDir } from './harness.js';
import { waitUntil } from './wait-until.js';

type Line = Record<string, unknown>;

/** The real app, its pino lines captured instead of written to stdout. */
async function appWithLogs(logLevel: string): Promise<{ app: NestFastifyApplication; lines: Line[]; raw: string[]; close(): Promise<void> }> {
  const dataDir = await migratedDataDir('haat-logs-');
  const raw: string[] = [];
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: logLevel,
    PORT: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_FACTOR: '1000',
  });
  const app = await createApp(config, { write: (chunk: string) => void raw.push(chunk) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    raw,
    get lines() {
      return raw.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Line);
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Until `check` holds (a request's line is written when its answer has gone), 5 s at most. */
const logged = (check: () => boolean, what: string) => waitUntil(check, { intervalMs: 10, message: `the log line of ${what}` });

describe('structured logs (pino JSON lines)', () => {
  let s: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => void (s = await appWithLogs('log')));
  afterAll(() => s.close());

  it('starts with a few readable lines, not one per mapped route', () => {
    const start = s.lines.filter((l) => !l.reqId);
    expect(start.length).toBeLessThan(10);
    expect(s.raw.join('')).not.toMatch(/Mapped \{/);
    for (const l of start) expect(typeof l.msg).toBe('string');
  });

  it('logs each request once: request id (honoured and answered), method, route, status, duration, user id', async () => {
    const http = request(s.app.getHttpServer());
    const login = await http.post('/api/user/login').set('X-Request-Id', 'trace-login-1').send({ email: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    expect(login.headers['x-request-id']).toBe('trace-login-1');
    const token: string = login.body.data.accesstoken;
    const cart = await http.get('/api/cart/get').set('Authorization', `Bearer ${token}`);
    const made = cart.headers['x-request-id'] as string;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const answered = ['trace-login-1', made];
    for (const bad of ['has "spaces" forged-line', 'x'.repeat(300)]) {
      const res = await http.get('/api/health').set('X-Request-Id', bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      answered.push(res.headers['x-request-id'] as string);
    }
    await logged(() => answered.every((id) => s.lines.some((l) => l.reqId === id && l.msg === 'request')), 'each answered request');

    const byId = (id: string) => s.lines.filter((l) => l.reqId === id && l.msg === 'request');
    expect(byId('trace-login-1')).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'POST',
        route: '/api/user/login',
        path: '/api/user/login',
        status: 200,
        durationMs: expect.any(Number),
        time: expect.any(String),
      }),
    ]);
    const [cartLine] = byId(made);
    expect(cartLine).toMatchObject({ method: 'GET', route: '/api/cart/get', status: 200, userId: expect.stringMatching(/^[0-9A-Z]{26}$/) });

    const all = s.raw.join('');
    expect(all).not.toContain(ADMIN.password);
    expect(all).not.toContain(token);
    expect(all).not.toContain(login.body.data.refreshToken);
    expect(all).not.toContain('forged-line');
  });

  it('redacts authorization, cookies, passwords, tokens and codes in anything logged', async () => {
    const log = s.app.getHttpAdapter().getInstance().log;
    log.warn(
      {
        headers: { authorization: 'Bearer sekrit-1', cookie: 'sid=sekrit-2' },
        body: { password: 'sekrit-3', refreshToken: 'sekrit-4', otp: '918273', code: '555111', token: 'sekrit-5' },
      },
      'something odd',
    );
    await logged(() => s.lines.some((l) => l.msg === 'something odd'), 'the warning "something odd"');
    const all = s.raw.join('');
    for (const secret of ['sekrit-1', 'sekrit-2', 'sekrit-3', 'sekrit-4', '918273', '555111', 'sekrit-5']) expect(all).not.toContain(secret);
    const line = s.lines.find((l) => l.msg === 'something odd') as { headers: Record<string, string>; body: Record<string, string> };
    expect(line.headers.authorization).toBe('[redacted]');
    expect(line.body.password).toBe('[redacted]');
  });
});

describe('LOG_LEVEL', () => {
  it('warn leaves out request lines but keeps warnings', async () => {
    const s = await appWithLogs('warn');
    try {
      const http = request(s.app.getHttpServer());
      const health = await http.get('/api/health');
      s.app.getHttpAdapter().getInstance().log.warn('a warning');
      // A request's line is written when its answer has gone, so a later request's line is the barrier
      // (docs/testing.md): a 503 is logged as a warning, and it comes after
      // the health check's line, had that been written.
      const refused = await http.post('/api/order/webhook').set('stripe-signature', 't=1,v1=x').send({ id: 'evt_1' });
      expect(refused.status).toBe(503);
      const barrier = refused.headers['x-request-id'] as string;
      await logged(() => s.lines.some((l) => l.reqId === barrier), 'the refused webhook (the barrier)');
      expect(s.lines.filter((l) => l.reqId === barrier)).toEqual([expect.objectContaining({ level: 40, msg: 'request refused for now', status: 503 })]);
      expect(s.lines.filter((l) => l.reqId === health.headers['x-request-id'] || l.msg === 'request')).toEqual([]);
      expect(s.lines.some((l) => l.msg === 'a warning' && l.level === 40)).toBe(true);
    } finally {
      await s.close();
    }
  });
});
