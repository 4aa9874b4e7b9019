import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server that behaves like Haat's API where the refresh flow is concerned: access tokens
 * that expire on demand, refresh tokens that rotate (a reused one answers 401), and a slow refresh so
 * concurrent calls really overlap. Tests drive our client against it over the network, no mocks.
 */
export interface TokenServer {
  url: string;
  refreshCalls: number;
  /** Authorization headers of every protected call, in arrival order. */
  seen: Array<{ path: string; auth: string | null; body: string }>;
  expireAccess(): void;
  issue(): { accessToken: string; refreshToken: string };
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

export async function startTokenServer(): Promise<TokenServer> {
  let generation = 0;
  let validAccess = '';
  const liveRefresh = new Set<string>();
  const state: TokenServer = {
    url: '',
    refreshCalls: 0,
    seen: [],
    expireAccess: () => (validAccess = 'expired'),
    issue() {
      generation += 1;
      validAccess = `access-${generation}`;
      const refreshToken = `refresh-${generation}`;
      liveRefresh.add(refreshToken);
      return { accessToken: validAccess, refreshToken };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    const body = await readBody(req);
    const auth = req.headers.authorization ?? null;
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/api/user/refresh-token') {
      state.refreshCalls += 1;
      // pacing: a slow refresh, so that the requests of a test overlap it (the stand-in server's slowness)
      await new Promise((r) => setTimeout(r, 80));
      const presented = auth?.replace(/^Bearer /, '') ?? '';
      if (!liveRefresh.delete(presented)) return send(res, 401, { success: false, error: true, message: 'This refresh token was already used.' });
      return send(res, 200, { success: true, error: false, message: 'New access token generated', data: state.issue() });
    }
    state.seen.push({ path, auth, body });
    if (path === '/api/cart/conflict') return send(res, 409, { success: false, error: true, message: 'Only 2 left in stock.' });
    if (auth !== `Bearer ${validAccess}`) return send(res, 401, { success: false, error: true, message: 'Please login to continue.' });
    return send(res, 200, { success: true, error: false, message: 'ok', data: { path, body } });
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
