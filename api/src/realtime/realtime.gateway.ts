import { Inject, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import type { NewOrderEvent, OrderStatusEvent, ServerToClientEvents } from '@haat/shared/orders/order-events';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SessionRegistry } from '../auth/session-registry.js';
import { handshakeToken, verifySocketUser, type SocketUser } from './socket-auth.js';

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket opened with one session's access tokens: closed together when the session ends. */
export const sessionRoom = (sid: string) => `session:${sid}`;

type HaatServer = Server<Record<string, never>, ServerToClientEvents, Record<string, never>, { user?: SocketUser }>;

/**
 * socket.io on the API's own server and origin (default path /socket.io). Only signed-in users
 * connect: the access token is checked in the handshake, before the connection is accepted,
 * and the socket joins its rooms there, so no event can slip past between connect and join.
 * Origins: CORS_ORIGINS, checked by RealtimeIoAdapter (a page elsewhere cannot even open the socket).
 * The token's session must still be active, and when it ends its sockets here are disconnected.
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway implements OnGatewayInit {
  @WebSocketServer() server: HaatServer;
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionRegistry,
  ) {}

  afterInit(server: HaatServer): void {
    // Each instance closes its own sockets: ends made elsewhere arrive through the registry's pub/sub.
    this.sessions.onEnded((sids) => server.local.in(sids.map(sessionRoom)).disconnectSockets(true));
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

  /** Every admin, on every instance (through the Redis adapter when REDIS_URL is set). */
  newOrder(event: NewOrderEvent): void {
    this.server?.to(ADMINS_ROOM).emit('new-order', event);
  }

  /** The order's customer, and the admins' open dashboards. */
  orderStatus(userId: string, event: OrderStatusEvent): void {
    this.server?.to(userRoom(userId)).to(ADMINS_ROOM).emit('order-status', event);
  }
}
