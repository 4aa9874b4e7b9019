/**
 * CORS for the origins named in CORS_ORIGINS (the API through @fastify/cors, socket.io through its own
 * `cors` option): exactly those origins, with credentials; preflights are answered and cached for ten
 * minutes; the headers a client needs to read (request id, replay flag, rate limits) are exposed.
 */
export function corsOptions(origins: string[]) {
  return {
    // A function, so an unlisted origin gets no CORS header at all (an array still sends allow-credentials).
    origin: (origin: string | undefined, cb: (error: Error | null, allow: string | false) => void) =>
      cb(null, origin && origins.includes(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Idempotent-Replayed', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'],
    maxAge: 600,
  };
}

/**
 * socket.io's WebSocket transport is not covered by CORS at all, so the handshake itself checks the
 * browser's Origin: none (not a browser), our own host, PUBLIC_URL or a listed origin.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string, origins: string[]): boolean {
  if (!origin) return true;
  if (origins.includes(origin) || origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
