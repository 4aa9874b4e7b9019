import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

/**
 * A real local HTTP server standing in for Haat's API in a test file: started before the file's tests
 * and stopped after them; around each test the client's '/api/…' URLs resolve against it, as a browser
 * resolves them against the page's origin. Call it at the top of the file, before its own hooks.
 */
export function withLocalApiServer(handler: RequestListener): void {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))));
  beforeEach(() => {
    const NodeRequest = globalThis.Request;
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' && input.startsWith('/') ? `${base}${input}` : input, init);
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}
