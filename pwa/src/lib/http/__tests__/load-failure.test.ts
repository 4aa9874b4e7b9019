import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '../create-http';
import { classifyLoadFailure, isRetryable } from '../load-failure';

// A real server answering each status by path, and a real closed port: no mocked fetch or errors.
let server: Server;
let base = '';
let closedPort = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = Number(req.url!.split('/').pop());
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, error: true, message: `answered ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const failureOf = async (prefixUrl: string, path: string) => {
  const http = createHttp({ prefixUrl, onError: () => undefined }).extend({ retry: 0 });
  return http
    .post(path)
    .json()
    .then(() => expect.fail('the call should fail'))
    .catch((error: unknown) => error);
};

describe('what a failed read means (an error is not "offline")', () => {
  it('no answer at all is a network failure, retried', async () => {
    const error = await failureOf(`http://127.0.0.1:${closedPort}/api`, 'product/get-product-details');
    expect(classifyLoadFailure(error)).toBe('network');
    expect(isRetryable(error)).toBe(true);
  });

  it('a 5xx is a server error, retried; never "offline"', async () => {
    for (const status of [500, 502, 503]) {
      const error = await failureOf(`${base}/api`, `s/${status}`);
      expect(classifyLoadFailure(error)).toBe('server');
      expect(isRetryable(error)).toBe(true);
    }
  });

  it('a 404 says the thing is missing, and is not retried', async () => {
    const error = await failureOf(`${base}/api`, 's/404');
    expect(classifyLoadFailure(error)).toBe('not-found');
    expect(isRetryable(error)).toBe(false);
  });

  it('any other 4xx is a refusal, not retried', async () => {
    for (const status of [400, 403, 422]) {
      const error = await failureOf(`${base}/api`, `s/${status}`);
      expect(classifyLoadFailure(error)).toBe('refused');
      expect(isRetryable(error)).toBe(false);
    }
  });

  it('a bug of ours is not mistaken for the network', () => {
    expect(classifyLoadFailure(new Error('Failed to load product details.'))).toBe('refused');
  });
});
