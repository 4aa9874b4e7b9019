/**
 * What may be said about an error that came from the database, found anywhere in its `cause`
 * chain (drizzle wraps the driver's error in a DrizzleQueryError whose message holds the SQL and
 * every parameter: hashes, e-mails, addresses). Only these facts are ever logged or answered.
 */
export interface DatabaseFault {
  /** The connection is gone or cannot be had: the request may be retried (503). */
  unavailable: boolean;
  /**
   * Every connection of the pool is in use and none came free while the request waited (pg-pool's queue timeout): the
   * database is up and answering others, the shop is only busy (503 BUSY, docs/decisions/0045-database-faults-and-races.md).
   */
  busy?: true;
  /** PostgreSQL's SQLSTATE (five characters), or the socket's error code (ECONNRESET…). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** SQLSTATEs that mean the session is gone although the severity says ERROR (admin shutdown, crash, restart). */
const LOST_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What `pg` and pg-pool say, without a code, when a connection ends, is unusable or cannot be had in time. */
const LOST_MESSAGES = /Connection terminated|is not queryable|Cannot use a pool after calling end/;
/**
 * What pg-pool says when a request waited its connection timeout in the pool's queue, every connection busy. A connection
 * that could not be opened in time says "Connection terminated due to connection timeout" instead (LOST_MESSAGES).
 */
const POOL_BUSY_MESSAGE = /^timeout exceeded when trying to connect$/;

interface ErrorLike {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
  query?: unknown;
}

/** The database fault behind `error`, or null when no database was involved. */
export function databaseFault(error: unknown): DatabaseFault | null {
  let sawQuery = false;
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorLike;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && /^[0-9A-Z]{5}$/.test(code) && typeof e.severity === 'string') {
      const unavailable = code.startsWith('08') || LOST_STATES.has(code) || e.severity === 'FATAL' || e.severity === 'PANIC';
      return { unavailable, code, ...names(e) };
    }
    if (code && SOCKET_CODES.has(code)) return { unavailable: true, code };
    // drizzle's wrapper: its message is the SQL and its parameters, never to be read; its cause is the driver's error.
    if (typeof e.query === 'string') sawQuery = true;
    else if (typeof e.message === 'string' && POOL_BUSY_MESSAGE.test(e.message)) return { unavailable: false, busy: true };
    else if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return { unavailable: true };
    current = e.cause;
  }
  // A failed query whose cause says nothing we know (a driver bug, a bad parameter type).
  return sawQuery ? { unavailable: false } : null;
}

function names(e: ErrorLike): Pick<DatabaseFault, 'constraint' | 'table' | 'column'> {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return { constraint: text(e.constraint), table: text(e.table), column: text(e.column) };
}

/** A fault the same request may simply be sent again for: the connection is gone, or the pool was busy. */
export const retryableFault = (error: unknown): boolean => {
  const fault = databaseFault(error);
  return !!fault && (fault.unavailable || fault.busy === true);
};
