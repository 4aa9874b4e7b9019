import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@haat/shared/common/limits';
import { createHttp } from '../../../lib/http/create-http';
import { DETAIL_RETRY } from '../api';

// A real server: each path answers the statuses listed in it (/s/503,200 answers 503, then 200), and
// records when each try arrived. No mocked fetch.
let server: Server;
let base = '';
const tries = new Map<string, number[]>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url!;
    const seen = tries.get(path) ?? [];
    seen.push(Date.now());
    tries.set(path, seen);
    const statuses = path.split('/').pop()!.split(',').map(Number);
    const status = statuses[Math.min(seen.length, statuses.length) - 1]!;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        status < 300 ? { success: true, error: false, message: '', data: { _id: 'p1' } } : { success: false, error: true, message: `answered ${status}` },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => vi.restoreAllMocks());

const detail = (path: string, signal?: AbortSignal) =>
  createHttp({ prefixUrl: `${base}/api`, onError: () => undefined })
    .post(path, { json: { productId: 'p1' }, retry: DETAIL_RETRY, ...(signal ? { signal } : {}) })
    .json();
const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]!);

describe('product details retry (docs/product.md#states: 2 more tries, 1 s apart, network errors and 5xx only)', () => {
  it('asks a 500 three times, 1 s apart, then fails with the last answer', async () => {
    await expect(detail('d/500')).rejects.toMatchObject({ response: { status: 500 } });
    const at = tries.get('/api/d/500')!;
    expect(at).toHaveLength(1 + LIMITS.detailRetries);
    for (const gap of gaps(at)) expect(gap).toBeGreaterThanOrEqual(LIMITS.detailRetryDelayMs - 50);
  });

  it('stops at the first success', async () => {
    await expect(detail('d/503,200')).resolves.toMatchObject({ data: { _id: 'p1' } });
    expect(tries.get('/api/d/503,200')).toHaveLength(2);
  });

  it('asks a 404 or a 400 once: retrying cannot make the product exist', async () => {
    for (const status of [404, 400]) {
      await expect(detail(`d/${status}`)).rejects.toMatchObject({ response: { status } });
      expect(tries.get(`/api/d/${status}`)).toHaveLength(1);
    }
  });

  it('does not retry while the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(detail('o/502')).rejects.toMatchObject({ response: { status: 502 } });
    expect(tries.get('/api/o/502')).toHaveLength(1);
  });

  it('aborting stops the waiting between tries', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const run = detail('a/500', abort.signal);
    const until = Date.now() + 5000;
    while (!tries.get('/api/a/500') && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    abort.abort(new Error('left the page'));
    await expect(run).rejects.toThrow('left the page');
    expect(Date.now() - started).toBeLessThan(LIMITS.detailRetryDelayMs);
    expect(tries.get('/api/a/500')).toHaveLength(1);
  });
});
