import { Inject, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  NewOrderEvent,
  OrderStatusEvent,
  ServerToClientEvents,
  SocketAuthAnswer,
  SocketClosedEvent,
} from '@haat/shared/orders/order-events';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SessionRegistry } from '../auth/index.js';
import { eventToken, handshakeToken, verifySocketUser, type SocketUser } from './socket-auth.js';

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket opened with one session's access tokens: closed together when the session ends. */
export const sessionRoom = (sid: string) => `session:${sid}`;

/** Sockets one account may keep open on one instance; a new one past it closes the account's oldest. */
export const MAX_SOCKETS_PER_USER = 10;

type HaatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user?: SocketUser }>;
type HaatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user?: SocketUser }>;

/**
 * socket.io on the API's own server and origin (default path /socket.io). Only signed-in users
 * connect: the access token is checked in the handshake, before the connection is accepted,
 * and the socket joins its rooms there, so no event can slip past between connect and join.
 * Origins: CORS_ORIGINS, checked by RealtimeIoAdapter (a page elsewhere cannot even open the socket).
 * The token's session must still be active, and when it ends its sockets here are disconnected.
 * A socket lives as long as its access token: when the token expires the socket is closed, unless the
 * client sent a fresh token of the same account with `auth` first; and one account keeps at most
 * MAX_SOCKETS_PER_USER sockets per instance (docs/decisions/0041-admin-orders-and-realtime.md).
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnGatewayInit {
  @WebSocketServer() server: HaatServer;
  private readonly logger = new Logger('Realtime');
  /** This instance's open sockets by account, oldest first (a Set keeps insertion order). */
  private readonly byUser = new Map<string, Set<HaatSocket>>();
  /** Each socket's close at its token's expiry. */
  private readonly expiries = new WeakMap<HaatSocket, NodeJS.Timeout>();

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionRegistry,
  ) {}

  afterInit(server: HaatServer): void {
    // Each instance closes its own sockets: ends made elsewhere arrive through the registry's pub/sub.
    this.sessions.onEnded((sids) => server.local.in(sids.map(sessionRoom)).disconnectSockets(true));
    server.on('connection', (socket: HaatSocket) => this.track(socket));
    server.use((socket, next) => {
      verifySocketUser(this.jwt, this.config.jwtAccessSecret, handshakeToken(socket)).then(
        async (user) => {
          if (!user || !(await this.sessions.isActive(user.sid))) return next(new Error('unauthorized: a valid access token is required'));
          socket.data.user = user;
          const rooms = [sessionRoom(user.sid), userRoom(user.id)];
          await socket.join(user.role === 'ADMIN' ? [ADMINS_ROOM, ...rooms] : rooms);
          // Ended while joining: the disconnect above found no socket yet, so refuse here.
          if (this.sessions.hasEnded(user.sid)) return next(new Error('unauthorized: this session has ended'));
          next();
        },
        (error: unknown) => {
          this.logger.warn(`handshake failed: ${String(error)}`);
          next(new Error('unauthorized'));
        },
      );
    });
  }

  /** Counts, limits and times out a socket the handshake accepted; listens for its `auth`. */
  private track(socket: HaatSocket): void {
    const user = socket.data.user;
    if (!user) return void socket.disconnect(true);
    this.closeAtExpiry(socket, user.exp);
    let mine = this.byUser.get(user.id);
    if (!mine) this.byUser.set(user.id, (mine = new Set()));
    mine.add(socket);
    for (const oldest of mine) {
      if (mine.size <= MAX_SOCKETS_PER_USER) break;
      mine.delete(oldest);
      this.close(oldest, 'too-many-sockets');
    }
    socket.on('auth', (payload, ack) => void this.reauthenticate(socket, payload, ack));
    socket.on('disconnect', () => {
      clearTimeout(this.expiries.get(socket));
      const set = this.byUser.get(user.id);
      set?.delete(socket);
      if (set?.size === 0) this.byUser.delete(user.id);
    });
  }

  /** The ids of the account's open sockets on this instance, oldest first (tests and diagnostics). */
  socketIdsOf(userId: string): string[] {
    return [...(this.byUser.get(userId) ?? [])].map((s) => s.id);
  }

  private closeAtExpiry(socket: HaatSocket, exp: number): void {
    clearTimeout(this.expiries.get(socket));
    const timer = setTimeout(() => this.close(socket, 'token-expired'), Math.max(0, exp * 1000 - Date.now()));
    timer.unref();
    this.expiries.set(socket, timer);
  }

  /** Says why, then closes: the client knows not to reconnect blindly (an expired token needs a refresh first). */
  private close(socket: HaatSocket, reason: SocketClosedEvent['reason']): void {
    if (!socket.connected) return;
    socket.emit('socket-closed', { reason });
    socket.disconnect(true);
  }

  /**
   * `auth` with a fresh access token of the same account (after the client refreshed its tokens):
   * the socket now lives until that token expires. Its rooms follow the token (its session, and the
   * admins' room only while the token says ADMIN). A refused token changes nothing: the socket still
   * closes when its current token expires.
   */
  private async reauthenticate(socket: HaatSocket, payload: unknown, ack: unknown): Promise<void> {
    const answer = (a: SocketAuthAnswer) => (typeof ack === 'function' ? (ack as (a: SocketAuthAnswer) => void)(a) : undefined);
    const refused = (message: string) => answer({ ok: false, code: 'UNAUTHORIZED', message });
    try {
      const current = socket.data.user;
      const next = await verifySocketUser(this.jwt, this.config.jwtAccessSecret, eventToken(payload));
      if (!current || !next) return refused('a valid access token is required');
      if (next.id !== current.id) return refused('the token is another account’s; open a new socket instead');
      if (!(await this.sessions.isActive(next.sid))) return refused('this session has ended');
      if (!socket.connected) return refused('the socket is closed');
      if (next.sid !== current.sid) {
        await socket.join(sessionRoom(next.sid));
        await socket.leave(sessionRoom(current.sid));
      }
      if (next.role === 'ADMIN') await socket.join(ADMINS_ROOM);
      else await socket.leave(ADMINS_ROOM);
      // Ended while joining: the session's disconnect may have missed this socket.
      if (this.sessions.hasEnded(next.sid)) {
        socket.disconnect(true);
        return refused('this session has ended');
      }
      socket.data.user = next;
      this.closeAtExpiry(socket, next.exp);
      answer({ ok: true, expiresAt: next.exp * 1000 });
    } catch (error) {
      this.logger.warn(`socket auth failed: ${String(error)}`);
      refused('the token could not be checked');
    }
  }

  /** Every admin, on every instance (through the Redis adapter when REDIS_URL is set). */
  newOrder(event: NewOrderEvent): void {
    this.server?.to(ADMINS_ROOM).emit('new-order', event);
  }

  /** The order's customer, and the admins' open dashboards. */
  orderStatus(userId: string, event: OrderStatusEvent): void {
    this.server?.to(userRoom(userId)).to(ADMINS_ROOM).emit('order-status', event);
  }
}
