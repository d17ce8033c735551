import { randomUUID } from 'node:crypto';
import { fail } from '../../../../lib/errors.js';

/** A Janus event or answer (the fields Parley reads). */
export interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: { candidate?: string; sdpMid?: string; sdpMLineIndex?: number; completed?: boolean };
}

export type PluginReply = { data: Record<string, unknown>; jsep?: JanusMessage['jsep'] };

/** Plugin answers: a refusal of the plugin (`error_code`) or of Janus itself. */
export class JanusRefusal extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`janus ${code}: ${reason}`);
  }
}

/**
 * One Janus session over its HTTP REST transport: `create`, `attach` to the VideoRoom plugin,
 * plugin messages (answered at once or later through the session's long poll, matched by
 * transaction), trickle, keepalive. Events no transaction waits for go to `onEvent` by handle.
 */
export class JanusSession {
  private id: number | null = null;
  private opening: Promise<number> | null = null;
  private readonly waiting = new Map<
    string,
    { resolve: (m: JanusMessage) => void; reject: (e: unknown) => void }
  >();
  private keepalive: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onEvent: (handle: number, message: JanusMessage) => void,
    private readonly keepaliveMs = 25_000,
  ) {}

  /** Attaches a new VideoRoom handle. */
  async attach(): Promise<number> {
    const session = await this.session();
    const r = await this.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
    return r.data!.id;
  }

  async detach(handle: number): Promise<void> {
    const session = await this.session();
    await this.post(`/${session}/${handle}`, { janus: 'detach' }).catch(() => undefined);
  }

  /** Sends a plugin request; resolves with the plugin's answer (synchronous or the later event). */
  async message(
    handle: number,
    body: Record<string, unknown>,
    jsep?: JanusMessage['jsep'],
  ): Promise<PluginReply> {
    const session = await this.session();
    const transaction = randomUUID();
    const later = new Promise<JanusMessage>((resolve, reject) =>
      this.waiting.set(transaction, { resolve, reject }),
    );
    later.catch(() => undefined);
    const first = await this.post(
      `/${session}/${handle}`,
      { janus: 'message', body, jsep, transaction },
      transaction,
    );
    const reply = first.janus === 'ack' ? await later : first;
    this.waiting.delete(transaction);
    const data = reply.plugindata?.data ?? {};
    if (typeof data.error_code === 'number') throw new JanusRefusal(data.error_code, String(data.error));
    return { data, jsep: reply.jsep };
  }

  async trickle(handle: number, candidate: Record<string, unknown>): Promise<void> {
    const session = await this.session();
    await this.post(`/${session}/${handle}`, { janus: 'trickle', candidate });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.keepalive) clearInterval(this.keepalive);
    if (this.id !== null) await this.post(`/${this.id}`, { janus: 'destroy' }).catch(() => undefined);
    for (const w of this.waiting.values()) w.reject(fail('sfuUnavailable'));
    this.waiting.clear();
  }

  private session(): Promise<number> {
    if (this.closed) return Promise.reject(fail('sfuUnavailable'));
    if (this.id !== null) return Promise.resolve(this.id);
    this.opening ??= this.post('', { janus: 'create' }).then(
      (r) => {
        this.id = r.data!.id;
        this.keepalive = setInterval(() => {
          void this.post(`/${this.id}`, { janus: 'keepalive' }).catch(() => undefined);
        }, this.keepaliveMs);
        this.keepalive.unref();
        void this.poll(this.id);
        return this.id;
      },
      (err: unknown) => {
        this.opening = null;
        throw err;
      },
    );
    return this.opening;
  }

  /** The session's long poll: every event Janus sends us arrives here. */
  private async poll(session: number): Promise<void> {
    while (!this.closed && this.id === session) {
      let batch: JanusMessage[];
      try {
        const res = await fetch(`${this.url}/${session}?maxev=10`);
        const body = (await res.json()) as JanusMessage | JanusMessage[];
        batch = Array.isArray(body) ? body : [body];
        // The session is gone (Janus restarted, or timed it out): the same as Janus going away.
        if (batch.some((m) => m.janus === 'error' && !m.transaction)) throw new Error('session lost');
      } catch {
        if (this.closed) return;
        // Janus went away: the session is gone with it; the next call opens a new one.
        this.id = null;
        this.opening = null;
        for (const w of this.waiting.values()) w.reject(fail('sfuUnavailable'));
        this.waiting.clear();
        return;
      }
      for (const m of batch) this.dispatch(m);
    }
  }

  private dispatch(m: JanusMessage): void {
    if (m.janus === 'keepalive') return;
    const w = m.transaction ? this.waiting.get(m.transaction) : undefined;
    if (w && (m.janus === 'event' || m.janus === 'success' || m.janus === 'error')) {
      w.resolve(m);
      return;
    }
    if (m.sender !== undefined) this.onEvent(m.sender, m);
  }

  private async post(
    path: string,
    body: Record<string, unknown>,
    transaction = randomUUID(),
  ): Promise<JanusMessage> {
    let reply: JanusMessage;
    try {
      const res = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, transaction }),
      });
      reply = (await res.json()) as JanusMessage;
    } catch {
      throw fail('sfuUnavailable');
    }
    if (reply.janus === 'error') throw new JanusRefusal(reply.error?.code ?? 0, reply.error?.reason ?? '');
    return reply;
  }
}
