import { createServer, type Server, type Socket } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { PORTABLE_DB_KINDS, api, newCustomer, startApp, type TestApp } from './harness.js';
import { waitUntil } from './wait-until.js';

/** A stand-in SMTP server (the third party): speaks just enough SMTP and keeps what it is given. */
async function startSmtp(): Promise<{ url: string; messages: Array<{ from: string; to: string[]; data: string }>; close(): Promise<void> }> {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        reply(verb === 'DATA' ? '354 go ahead' : verb === 'QUIT' ? '221 bye' : '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(PORTABLE_DB_KINDS)('mail over SMTP_URL on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'Haat Test <shop@haat.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the reset code through the SMTP server (and writes no .eml file)', async () => {
    const c = await newCustomer(t);
    expect((await api(t).put('/api/user/forgot-password').send({ email: c.email })).status).toBe(200);
    const mail = await waitUntil(() => smtp.messages.find((m) => m.to.some((to) => to.includes(c.email))), {
      intervalMs: 50,
      message: `the reset mail to ${c.email} at the SMTP server`,
    });
    expect(mail.from).toContain('shop@haat.test');
    expect(mail.data).toMatch(/Subject: Your Haat password reset code/);
    const code = /reset code is (\d{6})/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await api(t).put('/api/user/verify-forgot-password-otp').send({ email: c.email, otp: code })).status).toBe(200);
    expect(existsSync(t.config.mailDir) ? readdirSync(t.config.mailDir).filter((n) => n.endsWith('.eml')) : []).toEqual([]);
  });
});
