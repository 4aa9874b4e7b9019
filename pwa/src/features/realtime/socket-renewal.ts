import type { SocketAuthAnswer } from '@haat/shared/orders/order-events';

/** The part of the socket.io client the renewal uses. */
export interface RenewableSocket {
  readonly connected: boolean;
  emit(event: 'auth', payload: { token: string }, ack: (answer: SocketAuthAnswer) => void): unknown;
}

/**
 * The server closes a socket when the access token it was opened with expires, unless the client hands it a fresh one
 * first (docs/decisions/0041-admin-orders-and-realtime.md): every new access token (a refresh here or in another tab)
 * is sent on the open socket as `auth`. `accepted` hears each token the server took. Answers the stop.
 */
export function renewSocketAuth(
  socket: RenewableSocket,
  onAccess: (listener: (token: string) => void) => () => void,
  accepted: (token: string) => void = () => undefined,
): () => void {
  return onAccess((token) => {
    if (!socket.connected) return; // a reconnect reads the current token in its handshake
    socket.emit('auth', { token }, (answer) => {
      if (answer?.ok) accepted(token);
    });
  });
}
