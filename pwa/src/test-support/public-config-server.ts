import { withLocalApiServer } from './with-local-api-server';

/**
 * The API's public settings as an order card reads them (the return window: 7 days, no card payments), from a local
 * server standing in for the API (with-local-api-server.ts); any other path is 404. Call it at the top of the file.
 */
export function withPublicConfigServer(): void {
  withLocalApiServer((req, res) => {
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/config/public')
      return send(200, { success: true, error: false, message: 'ok', data: { googleClientId: null, paymentsEnabled: false, returnWindowDays: 7 } });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
}
