import type { FastifyInstance } from 'fastify';

/**
 * One line per request, when it has been answered: the request id (also answered as X-Request-Id),
 * method, route pattern, URL path, status, duration and, once signed in, the user's id. No headers,
 * bodies or query strings, so no credential or code reaches the log.
 */
export function logRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const user = (req as { user?: { id?: string } }).user;
    const status = reply.statusCode;
    const line = {
      method: req.method,
      route: req.routeOptions.url ?? null,
      path: req.url.split('?')[0],
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(user?.id ? { userId: user.id } : {}),
    };
    // 503 (not configured, the database briefly away, busy) is a deliberate answer with Retry-After, not a
    // fault: a warning, so a test run or an outage does not flood the error level (docs/decisions/0045-database-faults-and-races.md).
    if (status === 503) req.log.warn(line, 'request refused for now');
    else if (status >= 500) req.log.error(line, 'request failed');
    else req.log.info(line, 'request');
    done();
  });
}
