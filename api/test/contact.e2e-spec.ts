import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTACT_SENT } from '@haat/shared/contact/contact.schema';
import { api, startApp, type TestApp } from './harness.js';

/** The /contact form mails the support desk; limits at their real size (RATE_LIMIT_FACTOR=1). */
describe('POST /api/contact (PGlite)', () => {
  let t: TestApp;
  let ipSeq = 0;
  const from = () => `10.77.${Math.floor(Math.random() * 250)}.${++ipSeq}`;
  beforeAll(async () => {
    t = await startApp('pglite', { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true', SUPPORT_EMAIL: 'desk@haat.test' });
  });
  afterAll(async () => t.close());

  const mails = async () => {
    const names = (await readdir(t.config.mailDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    return Promise.all(names.map((n) => readFile(join(t.config.mailDir, n), 'utf8')));
  };

  it('mails the support desk with the sender as Reply-To, and says so', async () => {
    const res = await api(t).post('/api/contact').set('x-forwarded-for', from()).send({
      name: 'Ravi Kumar',
      email: 'Ravi@Example.in',
      phone: '+91 98765 43210',
      topic: 'Delivery',
      message: 'My order #1234 has not arrived yet, please check.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: false, message: CONTACT_SENT });
    const [mail, ...others] = (await mails()).filter((m) => m.includes('Ravi Kumar'));
    expect(others).toEqual([]);
    expect(mail).toMatch(/^To: desk@haat\.test$/m);
    expect(mail).toMatch(/^Reply-To: ravi@example\.in$/im);
    expect(mail).toMatch(/^Subject: \[Contact\] Delivery: Ravi Kumar$/m);
    expect(mail).toContain('Phone: +91 98765 43210');
    expect(mail).toContain('My order #1234 has not arrived yet, please check.');
  });

  it('names every bad field with a 400 and mails nothing', async () => {
    const before = (await mails()).length;
    const res = await api(t)
      .post('/api/contact')
      .set('x-forwarded-for', from())
      .send({ name: ' ', email: 'not-an-email', phone: 'call me', topic: 'Gossip', message: 'hi' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: true });
    for (const field of ['name', 'email', 'phone', 'topic', 'message']) expect(res.body.message).toContain(field);
    expect((await mails()).length).toBe(before);
  });

  it('is rate-limited per client like other public writes: the 6th message within a minute gets 429', async () => {
    const ip = from();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api(t)
        .post('/api/contact')
        .set('x-forwarded-for', ip)
        .send({ name: `Sender ${i}`, email: `sender${i}@example.in`, message: 'A question about cash on delivery.' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('and per sender: a 4th message from one e-mail within 10 minutes gets 429, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await api(t)
            .post('/api/contact')
            .set('x-forwarded-for', from())
            .send({ name: 'Same Person', email: 'same@example.in', message: 'Where is my refund, please?' })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
