// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@haat/shared/common/error-code';
import { createHttp } from '../create-http';
import { problemOf } from '../http-problem';
import { reactionTo } from '../problem-reaction';

let server: Server;
let url = '';

// A real server answering GET /api/<status>/<code> with the API's error envelope.
beforeAll(async () => {
  server = createServer((req, res) => {
    const [, , status, code] = req.url!.split('/');
    res.writeHead(Number(status), { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, error: true, message: `answer ${code}`, code, current: { totalAmt: 5 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const problemFrom = async (status: number, code: string) => {
  const http = createHttp({ prefixUrl: `${url}/api`, onError: () => undefined });
  return problemOf(await http.get(`${status}/${code}`, { retry: 0 }).catch((error: unknown) => error));
};

describe('error codes (shared ErrorCode) and what the PWA does about them', () => {
  it('reads the code from the envelope and reacts by code, not by status', async () => {
    const priced = await problemFrom(409, 'PRICE_CHANGED');
    expect(priced).toMatchObject({ status: 409, code: ErrorCode.PriceChanged, message: 'answer PRICE_CHANGED' });
    expect(reactionTo(priced.code)).toBe('review-prices');
    // Another 409 with a body that happens to hold `current` is not a price change.
    expect(reactionTo((await problemFrom(409, 'OUT_OF_STOCK')).code)).toBe('stock-changed');
    expect(reactionTo((await problemFrom(503, 'NOT_CONFIGURED')).code)).toBe('not-offered');
  });

  it('treats a code that is not ours as a plain refusal with its message', async () => {
    const foreign = await problemFrom(400, 'FST_ERR_SOMETHING');
    expect(foreign.code).toBe('FST_ERR_SOMETHING');
    expect(reactionTo(foreign.code)).toBe('refused');
  });

  it('has a reaction for every code', () => {
    const reactions = new Set(['review-prices', 'not-offered', 'sign-in', 'retry-later', 'stock-changed', 'refused']);
    for (const code of Object.values(ErrorCode)) expect(reactions.has(reactionTo(code))).toBe(true);
  });
});
