import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@haat/shared/orders/order-events';
import type { TestApp } from './harness.js';
import { waitUntil } from './wait-until.js';

export type HaatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function baseUrl(t: TestApp): string {
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}

/** Connects like the PWA does (token in the handshake's auth); rejects with the server's reason. */
export function connectSocket(url: string, token?: string, transports: Array<'websocket' | 'polling'> = ['websocket']): Promise<HaatSocket> {
  const socket: HaatSocket = io(url, { transports, auth: token ? { token } : {}, reconnection: false, forceNew: true, timeout: 5000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Every payload of one event, as it arrives. */
export function collect<E extends keyof ServerToClientEvents>(socket: HaatSocket, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event as 'new-order', ((payload: never) => seen.push(payload)) as never);
  return seen;
}

/** Waits until `list` holds an entry matching `match`, or fails after `ms`. */
export function waitFor<T>(list: T[], match: (item: T) => boolean, ms = 5000): Promise<T> {
  return waitUntil(() => list.find(match), { timeoutMs: ms, intervalMs: 10, message: () => `a matching event; saw ${JSON.stringify(list)}` });
}
