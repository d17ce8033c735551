import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  DEFAULT_LANGUAGE,
  WsClose,
  type ClientFrameAck,
  type ClientFrameData,
  type ClientFrameType,
  type HelloFrame,
  type Language,
} from '@parley/protocol';
import { languageFromHeader } from '../lib/language.js';
import type { AppContext } from '../lib/context.js';
import { isAppError } from '../lib/errors.js';
import { randomId } from '../lib/ids.js';
import type { Session } from '../lib/session.js';
import { frameJson, type MaybeEncoded } from './encoded.js';
import { AnswerTickets, heldForAck } from './ack-origin.js';
import { CLOSE_HANDSHAKE_MS, closeSoon, refusalReason, rejectUpgrade } from './close-reason.js';
import { FRAME_BURST, FrameRouter, FrameTexts, type OutFrame } from './frames.js';
import { ConnectionRegistry, type Connection } from './registry.js';
import { parseSocketPath } from './socket-path.js';
import { originAllowed } from './socket-origin.js';
import { RecentCloses, type CloseTokensMessage } from './recent-closes.js';
import { Topics } from './topics.js';
import type { BusMessage, FrameHandler } from './types.js';
import { UpgradeQueue } from './upgrade-queue.js';
import { heartbeatRound } from './heartbeat.js';
import { SocketOutput } from './socket-output.js';
import { textFrame } from './write-coalescer.js';

export const MAX_PAYLOAD_BYTES = 64 * 1024;
const RESTART_REASON = 'server restarting';
const BUS_LOST_REASON = 'message bus unavailable, reconnect';
const SYNC_REQUIRED = JSON.stringify({ type: 'sync.required', data: {} });
/** Sockets one user may hold on one node (tabs and devices); a new one beyond it closes the oldest. */
export const MAX_CONNECTIONS_PER_USER = 20;
/** Token checks started per event-loop turn, at most (see upgrade-queue.ts). */
const UPGRADE_SLICE_MS = 5;
/** Upgrades waiting for their check beyond this are refused with 503 (the client retries later). */
const MAX_WAITING_UPGRADES = 50_000;

interface WaitingUpgrade {
  req: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  rawToken: string;
  since: number | undefined;
  lang: Language | null;
}

/** What the messaging module adds to `hello`: the sync version, and the catch-up after `since`. */
export type HelloSync = Pick<HelloFrame['data'], 'syncVersion' | 'syncSince' | 'sync'>;

export interface GatewayStats {
  connections: number;
  users: number;
  tokens: number;
}

/**
 * The socket gateway of one node: authenticates upgrades on /ws/{token}, keeps the registry of
 * open connections, delivers bus messages to local sockets, runs the heartbeat and routes client
 * frames to handlers with acks.
 */
export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly registry: ConnectionRegistry;
  /** Users whose bus subscription is being set up: their first socket waits for it before hello. */
  private readonly watching = new Map<number, Promise<void>>();
  private readonly router: FrameRouter;
  private readonly heartbeat: NodeJS.Timeout | null;
  private readonly recentlyClosed = new RecentCloses();
  private closing = false;
  /** Group topics of the users held here (their resolver is installed by the messaging module). */
  readonly topics: Topics;
  private readonly output: SocketOutput;
  private readonly upgrades = new UpgradeQueue<WaitingUpgrade>((u) => this.startAccept(u), {
    sliceMs: UPGRADE_SLICE_MS,
    max: MAX_WAITING_UPGRADES,
  });
  /**
   * The user's sync version for `hello`, and the changes after the version the client named in its
   * socket URL (installed by the messaging module; docs/api.md "Socket protocol").
   */
  helloSync: ((userId: number, since: number | undefined) => Promise<HelloSync>) | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AppContext,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_PAYLOAD_BYTES,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.topics = new Topics(ctx.bus, ctx.log);
    this.output = new SocketOutput(ctx.log);
    this.registry = new ConnectionRegistry({
      online: (userId) => {
        this.watching.set(
          userId,
          Promise.all([
            ctx.bus.watch(userId).catch((err: unknown) => ctx.log.error({ err, userId }, 'bus watch failed')),
            this.topics.online(userId),
          ]).then(() => undefined),
        );
      },
      offline: (userId) => {
        this.watching.delete(userId);
        // Shutting down: the bus closes its connection, and every subscription with it. One
        // UNSUBSCRIBE per user held here would only hold up the close (seconds for 10,000 sockets).
        if (this.closing) return;
        ctx.bus.unwatch(userId);
        this.topics.offline(userId);
      },
    });
    this.router = new FrameRouter(ctx.log, ctx.clock, (id) => app.savedLanguage(id), ctx.metrics.framesIn);
    this.router.on('ping', () => ({ serverTime: ctx.clock.now() }));
    app.server.on('upgrade', this.handleUpgrade);
    ctx.bus.subscribe((message) => this.deliver(message));
    // A node that cannot publish or receive cannot serve a socket: its clients move to a healthy node.
    ctx.bus.onHealth((up) => !up && !this.closing && this.closeAll(BUS_LOST_REASON));
    const every = ctx.config.heartbeatMs;
    this.heartbeat = every > 0 ? setInterval(() => this.beat(), every) : null;
    this.heartbeat?.unref();
  }

  /**
   * Registers the handler of a client frame type of the socket contract (one handler per type). The
   * ack's data may come encoded already (realtime/encoded.ts): the ack then carries that text.
   */
  on<T extends ClientFrameType>(
    type: T,
    handler: FrameHandler<ClientFrameData<T>, MaybeEncoded<ClientFrameAck<T>>>,
  ): void {
    this.router.on(type, handler);
  }

  /** Registers a frame type outside the socket contract (no data schema): for tests and tools only. */
  onUnchecked(type: string, handler: FrameHandler): void {
    this.router.on(type, handler);
  }

  /** Open authenticated connections on this node. */
  get connectionCount(): number {
    return this.registry.size;
  }

  /** Open connections of one user on this node. */
  connectionsOfUser(userId: number): number {
    return this.registry.countForUser(userId);
  }

  stats(): GatewayStats {
    return {
      connections: this.registry.size,
      users: this.registry.userCount,
      tokens: this.registry.tokenCount,
    };
  }

  /** Stops accepting sockets and closes every open one with 1012 (the client reconnects elsewhere or later). */
  shutdown(): void {
    if (this.closing) return;
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.recentlyClosed.clear();
    this.closeAll(RESTART_REASON);
  }

  /** Closes every open socket with 1012 (reconnect elsewhere or later). */
  private closeAll(reason: string): void {
    const sockets = [...this.registry.all()].map((conn) => {
      this.registry.remove(conn);
      this.output.close(conn.socket, WsClose.serviceRestart, reason);
      return conn.socket;
    });
    if (sockets.length === 0) return;
    // A client that never answers the close frame must not hold up the server's close.
    setTimeout(() => {
      for (const socket of sockets) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    }, CLOSE_HANDSHAKE_MS).unref();
  }

  private readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = parseSocketPath(req.url ?? '');
    if (!path) return rejectUpgrade(socket, 404, 'Not Found');
    if (!originAllowed(req, this.ctx.config)) return rejectUpgrade(socket, 403, 'Forbidden');
    if (this.closing || !this.ctx.bus.up) return rejectUpgrade(socket, 503, 'Service Unavailable');
    socket.on('error', (err) => this.ctx.log.debug({ err: err.message }, 'socket error during upgrade'));
    if (!this.upgrades.push({ req, socket, head, ...path })) {
      rejectUpgrade(socket, 503, 'Service Unavailable');
    }
  };

  private startAccept(upgrade: WaitingUpgrade): void {
    // The client gave up while it waited.
    const { socket } = upgrade;
    if (socket.destroyed) return;
    void this.accept(upgrade).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'socket upgrade failed');
      socket.destroy();
    });
  }

  /** Checks the token, completes the upgrade, then registers the socket or closes it with a reason. */
  private async accept({ req, socket, head, rawToken, since, lang }: WaitingUpgrade): Promise<void> {
    // The socket's texts: the query's `lang`, then Accept-Language, then (once a frame is refused)
    // the user's saved language.
    const asked = lang ?? languageFromHeader(req.headers['accept-language']);
    const startedAt = Date.now();
    let session: Session | null = null;
    let refusal = { code: WsClose.invalidToken as number, reason: refusalReason(401, 'invalid token') };
    try {
      session = await this.app.resolveSession(decodeURIComponent(rawToken));
    } catch (err) {
      if (isAppError(err)) {
        refusal = {
          code: WsClose.invalidToken,
          reason: refusalReason(err.code, err.textIn(asked ?? DEFAULT_LANGUAGE)),
        };
      } else if (!(err instanceof URIError)) {
        this.ctx.log.error({ err }, 'socket token check failed');
        refusal = { code: 1011, reason: 'server error, retry later' };
      }
    }
    if (this.closing || !this.ctx.bus.up) {
      session = null;
      refusal = { code: WsClose.serviceRestart, reason: this.closing ? RESTART_REASON : BUS_LOST_REASON };
    }
    // The `101` answer waits in the socket until `hello` is written, so both leave in one write:
    // each write to a socket is a system call, ~40 µs here, the largest single cost of a connect in
    // a reconnect storm (docs/performance.md "Reconnect storm"). Frames for the user that arrive
    // meanwhile queue behind them, in order, as they would on the open socket.
    if (session) socket.cork();
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', (err) => this.ctx.log.debug({ err: err.message }, 'socket error'));
      if (!session) return closeSoon(ws, refusal.code, refusal.reason);
      this.register(ws, session, startedAt, since, asked, () => socket.uncork());
    });
  }

  private register(
    ws: WebSocket,
    session: Session,
    startedAt: number,
    since: number | undefined,
    language: Language | null,
    release: () => void,
  ): void {
    const wtId = session.wtId;
    const conn: Connection = {
      id: randomId(8),
      userId: session.userId,
      tokenId: session.tokenId,
      socket: ws,
      alive: true,
      frameTokens: FRAME_BURST,
      frameRefilledAt: this.ctx.clock.now(),
      dropped: 0,
      inFlight: 0,
      abusive: false,
      answering: new AnswerTickets(),
      language,
    };
    ws.on('close', () => this.registry.remove(conn));
    // A logout that landed while this socket's token was being checked still applies to it.
    const recent = this.recentlyClosed.since(conn.tokenId, startedAt);
    if (recent) {
      release();
      return this.closeConnection(conn, recent);
    }
    this.evictOldestBeyondCap(conn.userId);
    this.registry.add(conn);
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (raw: RawData, isBinary: boolean) => this.onFrame(conn, raw, isBinary));
    // The hello leaves into the corked socket now, not at the end of the turn, to go with the `101`.
    void this.sendHello(conn, wtId, since).finally(() => {
      this.output.flush(ws);
      release();
    });
  }

  /**
   * Hello goes out once this node receives the user's events, with the user's push sequence then:
   * a client that saw a lower one missed frames and resyncs (docs/architecture.md "An event's way"). A
   * session revoked meanwhile needs no second check here: revocations reach every node, and one that
   * lands before the socket registered is remembered (`recentlyClosed`), after it closes the socket.
   */
  private async sendHello(conn: Connection, wtId: string, since: number | undefined): Promise<void> {
    await this.watching.get(conn.userId);
    if (this.registry.get(conn.id) !== conn) return;
    let seq = 0;
    try {
      seq = await this.ctx.bus.currentSeq(conn.userId);
    } catch (err) {
      this.ctx.log.warn({ err, userId: conn.userId }, 'could not read the push sequence');
    }
    // Read after the subscription above: a change after this read also arrives live.
    let sync: HelloSync = {};
    try {
      sync = (await this.helloSync?.(conn.userId, since)) ?? {};
    } catch (err) {
      this.ctx.log.warn({ err, userId: conn.userId }, 'could not read the sync version');
    }
    const hello: HelloFrame = {
      type: 'hello',
      data: {
        // The public user ID, as REST presents it (UserInfo.userId is the wtId).
        userId: wtId,
        connectionId: conn.id,
        serverTime: this.ctx.clock.now(),
        heartbeatMs: this.ctx.config.heartbeatMs,
        seq,
        epoch: this.ctx.bus.epoch,
        ...sync,
      },
    };
    this.sendRaw(conn, textFrame(JSON.stringify(hello)), 'hello');
  }

  /** Keeps a user under MAX_CONNECTIONS_PER_USER: the oldest sockets (most likely stale tabs) go first. */
  private evictOldestBeyondCap(userId: number): void {
    const existing = this.registry.ofUsers([userId]);
    for (let i = 0; i <= existing.length - MAX_CONNECTIONS_PER_USER; i++) {
      const oldest = existing[i]!;
      this.registry.remove(oldest);
      this.output.close(oldest.socket, WsClose.displaced, 'too many connections');
    }
  }

  private onFrame(conn: Connection, raw: RawData, isBinary: boolean): void {
    const send = (frame: OutFrame) => this.sendRaw(conn, textFrame(frameJson(frame)), frame.type);
    this.router
      .handle(conn, raw, isBinary, send)
      .then((outcome) => {
        if (outcome !== 'abuse' || !this.registry.remove(conn)) return;
        this.ctx.log.warn(
          { userId: conn.userId, connectionId: conn.id },
          'socket closed for flooding frames',
        );
        this.output.close(conn.socket, 1008, FrameTexts.abuseReason);
      })
      .catch((err: unknown) => this.ctx.log.error({ err }, 'socket frame failed'));
  }

  /** Local delivery of a bus message (this node receives only messages for users it holds). */
  private deliver(message: BusMessage): void {
    if (this.closing) return;
    if (message.kind === 'users') {
      const conns = this.registry.ofUsers(message.userIds);
      if (conns.length === 0) return;
      // Encoded once for all recipients (a Buffer sent as a text frame: no per-socket UTF-8 pass),
      // and only when one gets the frame: a sender's event for its one tab rides in the ack instead.
      let payload: Buffer | undefined;
      for (const conn of conns) {
        if (heldForAck(conn, message)) continue;
        payload ??= textFrame(frameJson(message.frame));
        this.sendRaw(conn, payload, message.frame.type);
      }
      return;
    }
    if (message.kind === 'topic') {
      const conns = this.registry.ofUsers(this.topics.usersOf(message.topic));
      const payload = textFrame(frameJson(message.frame));
      for (const conn of conns) this.sendRaw(conn, payload, message.frame.type);
      return;
    }
    if (message.kind === 'topicMembers') return this.topics.apply(message);
    if (message.kind === 'topicDrop') return this.topics.drop(message.topic);
    if (message.kind === 'resync') {
      for (const conn of this.registry.all()) this.sendRaw(conn, textFrame(SYNC_REQUIRED), 'sync.required');
      return;
    }
    this.recentlyClosed.remember(message);
    for (const conn of this.registry.ofTokens(message.tokenIds)) this.closeConnection(conn, message);
  }

  private closeConnection(conn: Connection, message: CloseTokensMessage): void {
    this.registry.remove(conn);
    if (message.frame) this.sendRaw(conn, textFrame(JSON.stringify(message.frame)), message.frame.type, true);
    this.output.close(conn.socket, message.closeCode, message.reason);
  }

  /** A heartbeat round (heartbeat.ts; every `heartbeatMs`, or now from a test); old revocations go. */
  beat = () => (heartbeatRound(this.registry, this.ctx.log), this.recentlyClosed.prune());

  /** Queues a frame (`textFrame`) of `type` for the connection's socket, to leave at the end of this turn. */
  private sendRaw(conn: Connection, frame: Buffer, type: string | number, ignoreRegistry = false): void {
    if (!ignoreRegistry && this.registry.get(conn.id) !== conn) return;
    if (this.output.send(conn, frame)) this.ctx.metrics.framesOut.add(type);
    else this.registry.remove(conn);
  }
}
