import pg from 'pg';

/** Where the pool reports a lost connection (the app's logger; anything with warn). */
export interface PoolLog {
  warn(obj: object, msg: string): void;
}

export interface PoolOptions {
  connectionString: string;
  /** `-c search_path=…` for a schema of its own, or undefined. */
  options?: string;
  max: number;
  /** Longest wait for a pooled connection, a new one's connect and login included. */
  connectMs: number;
  /** Longest wait for the answer to one statement; the connection is dropped past it. */
  queryMs: number;
  log?: PoolLog;
}

type Query = (...args: unknown[]) => unknown;

/**
 * The node's PostgreSQL pool, made to survive losing the database (docs/operations.md "PostgreSQL
 * lost"):
 *
 * - A connection that breaks (PostgreSQL restarted, failed over, the network reset it) emits
 *   `error` on its client, and on the pool while it is idle. Without listeners Node throws that
 *   event and the process exits. Both are logged instead; the broken client leaves the pool (its
 *   pending queries fail), and the next request connects anew.
 * - Every wait is bounded. `connectionTimeoutMillis` bounds the wait for a pooled connection and a
 *   new one's connect. A statement whose answer does not come within `queryMs` (a partition: the
 *   connection is open and no byte passes) destroys its connection, which fails the statement and
 *   whatever was queued behind it. The connection is never reused: in the middle of a transaction,
 *   giving it back would let the next unit of work run inside the half-done one.
 *
 * `setQueryBound(false)` lifts the statement bound (migrations at start-up may take longer).
 */
export function createPool(o: PoolOptions): { pool: pg.Pool; setQueryBound(on: boolean): void } {
  const pool = new pg.Pool({
    connectionString: o.connectionString,
    max: o.max,
    connectionTimeoutMillis: o.connectMs,
    // Dead peers are noticed by TCP too, not only by a statement's bound.
    keepAlive: true,
    ...(o.options ? { options: o.options } : {}),
  });
  let bounded = true;
  let lastLogged = '';
  const lost = (err: Error, where: string) => {
    // A restart breaks every connection at once: one line per distinct cause, not one per client.
    if (err.message === lastLogged) return;
    lastLogged = err.message;
    o.log?.warn({ err: err.message, where }, 'postgres connection lost');
  };
  pool.on('error', (err) => lost(err, 'idle'));
  pool.on('connect', (client) => {
    lastLogged = '';
    client.on('error', (err) => lost(err, 'in use'));
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (!bounded || !(result instanceof Promise)) return result;
      const timer = setTimeout(() => {
        lost(new Error(`no answer within ${o.queryMs} ms`), 'statement');
        // The stream's end fails this statement and every one queued on the client ('Connection
        // terminated unexpectedly'); the pool then drops the client when it is released.
        (
          client as unknown as { connection?: { stream?: { destroy(): void } } }
        ).connection?.stream?.destroy();
      }, o.queryMs);
      timer.unref();
      result.then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
      return result;
    };
  });
  return { pool, setQueryBound: (on) => (bounded = on) };
}
