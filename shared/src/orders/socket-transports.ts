/**
 * How the PWA's socket.io connection opens: WebSocket first, one long-lived connection that a load
 * balancer keeps on one instance by itself, so instances need no sticky sessions. Long-polling only
 * where a WebSocket cannot open (a proxy that drops the Upgrade header): its requests must then all
 * reach the instance that answered the first one (README, "Deploying past one machine").
 */
export const SOCKET_TRANSPORTS = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
} as const satisfies { transports: ReadonlyArray<'websocket' | 'polling'>; tryAllTransports: boolean };
