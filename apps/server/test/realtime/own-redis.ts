import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on 127.0.0.1 (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (polled, no fixed wait). */
async function accepting(port: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * A redis-server of the test's own on a free port, without persistence: the test stops and starts it
 * to take Redis away from a node (never the shared Redis of the suite). Debian: `redis-server`.
 */
export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const failed = new Promise<never>((_, reject) =>
      child.once('error', (err) => reject(new Error(`redis-server did not start: ${err.message}`))),
    );
    await Promise.race([accepting(this.port), failed]);
  }

  /** Stops the server (SIGTERM to the process this test started) and waits for its exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * A TCP relay to a port that the test can cut and restore: a network partition between one node
 * and Redis while other nodes keep theirs. `hold` makes Redis unreachable the way a lost route does:
 * open connections drop, new ones are accepted and never answered.
 */
export class CuttableLink {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private holding = false;

  private constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  static async to(target: number): Promise<CuttableLink> {
    const link = new CuttableLink(await freePort(), target);
    await link.restore();
    return link;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private track(s: net.Socket, peer?: net.Socket): void {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => {
      s.destroy();
      peer?.destroy();
    });
  }

  private dropAll(): void {
    for (const s of this.sockets) s.destroy();
  }

  /** Relays again (after `cut` or `hold`); connections held meanwhile are dropped so clients retry. */
  async restore(): Promise<void> {
    this.holding = false;
    this.dropAll();
    if (this.server) return;
    const server = net.createServer((client) => {
      if (this.holding) {
        this.track(client);
        return;
      }
      const upstream = net.connect(this.target, '127.0.0.1');
      this.track(client, upstream);
      this.track(upstream, client);
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
  }

  /** Drops the open connections and holds new ones unanswered (Redis unreachable, not refused). */
  async hold(): Promise<void> {
    if (!this.server) await this.restore();
    this.holding = true;
    this.dropAll();
  }

  /** Refuses new connections and drops the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.holding = false;
    this.dropAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
