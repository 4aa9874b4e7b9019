import type { SocketAuthAnswer } from '@haat/shared/orders/order-events';

/** The part of the socket.io client the renewal uses. */
export interface RenewableSocket {
  readonly connected: boolean;
  emit(event: 'auth', payload: { token: string }, ack: (answer: SocketAuthAnswer) => void): unknown;
}

/** Every new access token is sent on the open socket as `auth`, or the server closes it (docs/decisions/0041-admin-orders-and-realtime.md). */
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
