import { WsClose, type ServerEventMap, type ServerFrame } from '@parley/protocol';
import { ApiError } from './http';
import { uiLanguage } from './error-text';

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'down';
export type EventName = keyof ServerEventMap & string;
type Handler = (data: unknown) => void;

export interface SocketCallbacks {
  /** The server ended this session (logout elsewhere, expiry, forced logout). `text` when it said why. */
  onSessionEnded(text?: string): void;
  /**
   * Frames pushed to this user were missed (a reconnect whose hello announces a later push sequence,
   * or a gap in the sequence): refetch what they would have changed.
   */
  onMissed?(): void;
}

/** Delay before reconnect attempt `n` (0-based): exponential from 500 ms, capped at 10 s, with ±50 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.5 + random()));
}

let seq = 0;

/**
 * One socket per tab (docs/architecture.md "Realtime"). Reconnects with backoff and jitter unless the server
 * closed the session; features subscribe to typed events through `on` (or the useSocketEvent hook).
 */
export class SocketClient {
  private ws: WebSocket | null = null;
  private token: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private everOpened = false;
  private handlers = new Map<string, Set<Handler>>();
  private statusListeners = new Set<(s: SocketStatus) => void>();
  private pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** The last push sequence seen for this user, and its epoch (docs/architecture.md "Realtime"). */
  private lastSeq: number | null = null;
  /**
   * Sequences seen past a gap while acks are pending: a `message.send` ack carries the sequence of
   * the `message.new` this tab does not get, and later pushes may come first (docs/api.md "Push
   * sequence"). A gap that no pending ack can fill any more means frames were missed.
   */
  private ahead = new Set<number>();
  private epoch: string | null = null;
  status: SocketStatus = 'idle';
  /** The data of the latest `hello` of this session's socket: a screen that mounts later starts from it. */
  lastHello: { syncVersion?: number } | null = null;
  /**
   * The message sync version this tab knows, named in the socket URL (`?since=`) so that the next
   * `hello` carries what changed after it (docs/api.md "Socket protocol"); null when it knows none.
   */
  resumeVersion: (() => number | null) | null = null;

  constructor(
    private readonly callbacks: SocketCallbacks,
    private readonly urlFor: (token: string) => string = defaultUrl,
  ) {}

  connect(token: string): void {
    if (this.token === token && this.ws) return;
    this.disconnect();
    this.token = token;
    this.lastSeq = null;
    this.ahead.clear();
    this.epoch = null;
    this.lastHello = null;
    this.everOpened = false;
    this.attempt = 0;
    this.open();
  }

  disconnect(): void {
    this.token = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onclose = ws.onmessage = ws.onerror = null;
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)
        ws.close(WsClose.normal);
    }
    this.failPending();
    this.setStatus('idle');
  }

  /** Reconnect now (the browser came back online, or a displaced tab became visible again). */
  nudge(): void {
    if (!this.token || this.status === 'open' || this.status === 'connecting') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }

  on<K extends EventName>(type: K, handler: (data: ServerEventMap[K]) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const h = handler as Handler;
    set.add(h);
    return () => {
      set.delete(h);
    };
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Sends a client frame and resolves with the ack data (rejects on a non-200 ack). */
  send<T = unknown>(type: string, data?: unknown): Promise<T> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('socket not open'));
    const id = `c${++seq}`;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, type, data }));
    });
  }

  private setStatus(s: SocketStatus): void {
    if (this.status === s) return;
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }

  private open(): void {
    const token = this.token;
    if (!token) return;
    this.setStatus(this.everOpened || this.attempt > 0 ? 'down' : 'connecting');
    let ws: WebSocket;
    try {
      const since = this.resumeVersion?.() ?? null;
      // `lang`: the socket's refusals come in the UI language (docs/api.md "Languages").
      const query = `?lang=${uiLanguage()}${since === null ? '' : `&since=${since}`}`;
      ws = new WebSocket(this.urlFor(token) + query);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus('open');
    };
    ws.onmessage = (ev) => this.handleMessage(ev.data);
    ws.onclose = (ev) => this.handleClose(ev.code, ev.reason);
  }

  private handleMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: ServerFrame & { id?: string; code?: number; msg?: string };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    const type = String(frame.type);
    if (type === 'ack' && frame.id !== undefined) {
      const p = this.pending.get(String(frame.id));
      this.pending.delete(String(frame.id));
      if (typeof frame.seq === 'number') this.checkSeq(frame.seq);
      else this.settleGap();
      if (frame.code === 200) p?.resolve(frame.data);
      // A refused frame rejects with its envelope code, like a refused REST call.
      else p?.reject(new ApiError(frame.code ?? 0, frame.msg ?? 'error', 0, frame.data ?? null));
      return;
    }
    // The server lost events on their way (docs/api.md "Socket protocol"): like a gap.
    if (type === 'sync.required') this.callbacks.onMissed?.();
    if (type === 'hello') this.checkHello(frame.data as { seq?: number; epoch?: string });
    else if (typeof frame.seq === 'number') this.checkSeq(frame.seq);
    if (type === '-1' || type === '-2') {
      const text = (frame.data as { text?: string } | null)?.text;
      this.endSession(text);
      return;
    }
    const set = this.handlers.get(type);
    if (set) for (const h of [...set]) h(frame.data);
  }

  /** A hello after frames were seen: anything pushed meanwhile (another sequence or epoch) was missed. */
  private checkHello(data: { seq?: number; epoch?: string; syncVersion?: number }): void {
    this.lastHello = data;
    const missed = this.lastSeq !== null && (data.seq !== this.lastSeq || data.epoch !== this.epoch);
    this.lastSeq = data.seq ?? 0;
    this.ahead.clear();
    this.epoch = data.epoch ?? null;
    if (missed) this.callbacks.onMissed?.();
  }

  private checkSeq(seq: number): void {
    if (this.lastSeq === null) {
      this.lastSeq = seq;
      return;
    }
    if (seq <= this.lastSeq) return;
    this.ahead.add(seq);
    while (this.ahead.delete(this.lastSeq + 1)) this.lastSeq += 1;
    this.settleGap();
  }

  /** A gap with no ack left to fill it: frames were missed (the client refetches). */
  private settleGap(): void {
    if (this.ahead.size === 0 || this.pending.size > 0) return;
    this.lastSeq = Math.max(...this.ahead);
    this.ahead.clear();
    this.callbacks.onMissed?.();
  }

  private handleClose(code: number, reason: string): void {
    this.ws = null;
    this.failPending();
    if (!this.token) return;
    if (code === WsClose.invalidToken || code === WsClose.sessionEnded || code === WsClose.forcedLogout) {
      this.endSession(code === WsClose.forcedLogout && reason ? reason : undefined);
      return;
    }
    if (code === WsClose.displaced) {
      // Newer tabs of this user took the place of this one: stay quiet (no network banner, no retry
      // loop between tabs) until the user comes back to this tab, which calls nudge().
      this.setStatus('idle');
      return;
    }
    this.setStatus('down');
    this.scheduleReconnect();
  }

  /** Frames sent on a socket that is gone get no ack: their callers retry (the outbox, the next sync). */
  private failPending(): void {
    for (const p of this.pending.values()) p.reject(new Error('socket closed'));
    this.pending.clear();
  }

  private endSession(text?: string): void {
    this.disconnect();
    this.callbacks.onSessionEnded(text);
  }

  private scheduleReconnect(): void {
    if (this.timer || !this.token) return;
    const delay = backoffDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}

function defaultUrl(token: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/ws/${encodeURIComponent(token)}`;
}
