import net from 'node:net';

/**
 * A TCP proxy a test owns, between a node and a service (PostgreSQL by default): what a restart,
 * a failover or a partition does to the node's connections, on demand.
 *
 * - `reset()` destroys every connection through it (both ends see a reset, as when PostgreSQL
 *   restarts); new connections are accepted again at once. `down()` resets them and refuses new
 *   ones until `up()` (a restart that takes a while).
 * - `stall()` holds every byte in both directions on the open connections and leaves new ones
 *   connected but silent (a partition); `resume()` lets everything held through, in order.
 * - `holdRepliesAfter(marker, after?)`: the first connection that sends bytes containing `marker`
 *   (e.g. a transaction's `commit`), after sending `after` when given (e.g. the insert of a
 *   message), gets no more bytes back until `resume()`, while what it sends still goes through: the
 *   service did the work, the node never hears so.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Open connections through the proxy now. */
  readonly connections: number;
  reset(): void;
  /** `reset()`, and every new connection refused (reset at once) until `up()`: the service is down. */
  down(): void;
  up(): void;
  stall(): void;
  resume(): void;
  /** Resolves with the moment the marker passed (the replies of its connection held from then on). */
  holdRepliesAfter(marker: string, after?: string): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startTcpProxy(target = { host: '127.0.0.1', port: 5432 }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;
  let isDown = false;
  let holdAfter: { marker: Buffer; after: Buffer | null; held(): void } | null = null;
  const heldPairs = new Set<Pair>();
  const afterResets = new Set<() => void>();

  const pipe = (from: net.Socket, to: net.Socket, held = () => false) => {
    from.on('data', (chunk: Buffer) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!stalled && !held()) from.resume();
    });
  };

  const server = net.createServer((client) => {
    if (isDown) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    if (stalled) {
      client.pause();
      upstream.pause();
    }
    // With `after`, only a connection that sent `after` since the hold was asked qualifies.
    let sawAfter = false;
    afterResets.add(() => (sawAfter = false));
    client.on('data', (chunk: Buffer) => {
      if (!holdAfter) return;
      if (holdAfter.after && chunk.includes(holdAfter.after)) sawAfter = true;
      if (!chunk.includes(holdAfter.marker) || (holdAfter.after && !sawAfter)) return;
      upstream.pause();
      heldPairs.add(pair);
      holdAfter.held();
      holdAfter = null;
    });
    pipe(client, upstream);
    pipe(upstream, client, () => heldPairs.has(pair));
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      s.on('error', drop);
      s.on('close', drop);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  const reset = () => {
    for (const { client, upstream } of [...pairs]) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get connections() {
      return pairs.size;
    },
    reset,
    down() {
      isDown = true;
      reset();
    },
    up() {
      isDown = false;
    },
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    holdRepliesAfter(marker, after) {
      for (const reset of afterResets) reset();
      return new Promise<void>(
        (held) =>
          (holdAfter = { marker: Buffer.from(marker), after: after ? Buffer.from(after) : null, held }),
      );
    },
    resume() {
      stalled = false;
      heldPairs.clear();
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      reset();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
