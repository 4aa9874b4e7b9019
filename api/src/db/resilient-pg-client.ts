import { Logger } from '@nestjs/common';
import pg from 'pg';

type Release = (err?: Error | boolean) => void;

/**
 * The pool's client, made safe against a connection that dies while it is checked out (a
 * terminated backend, a database restart, a network cut).
 *
 * `pg` emits 'error' on such a client, and pg-pool listens only while the client is idle: with
 * nobody listening, the 'error' event ends the process. This client always listens, and hands
 * itself back to the pool with the error, so the pool drops it and opens a fresh one for the next
 * caller; the request that was using it fails and the global filter answers 503.
 *
 * Releasing here also covers drizzle-orm's node-postgres `transaction()`, which never releases a
 * client whose BEGIN failed (drizzle-team/drizzle-orm#6241, open in 0.45.4): without this, every
 * connection lost at BEGIN would leak a pool slot until the pool stood empty. Because drizzle (or
 * pg-pool's own `query`) may release the same client afterwards, `release` tolerates a second call.
 */
export class ResilientPgClient extends pg.Client {
  private poolRelease: Release | undefined;
  private lost = false;
  private static readonly logger = new Logger('Database');

  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('error', (error: Error & { code?: string }) => {
      // A dying connection may report twice (the server's FATAL message, then the socket's end).
      if (!this.lost) ResilientPgClient.logger.warn(`connection lost${error.code ? ` (${error.code})` : ''}: ${error.message}`);
      this.lost = true;
      if (this.poolRelease) this.release(error);
    });
  }

  /** pg-pool assigns a fresh release function at every checkout. */
  set release(fn: Release) {
    this.poolRelease = fn;
  }

  get release(): Release {
    return (err) => {
      const release = this.poolRelease;
      this.poolRelease = undefined;
      release?.(err);
    };
  }
}
