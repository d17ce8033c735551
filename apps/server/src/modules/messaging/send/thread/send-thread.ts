import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Message } from '@parley/protocol';
import { seeOtherCommits } from '../../../../db/compiled.js';
import type { AppContext } from '../../../../lib/context.js';
import { EncodedJson } from '../../../../realtime/encoded.js';
import type { SendRequest } from '../send-core.js';
import { PendingSends } from './pending-sends.js';
import { answerJson, fromWire, type ThreadData, type ThreadJob, type ThreadReply } from './wire.js';

// The thread runs what the main thread runs: the compiled bundle, or this repository's TypeScript
// through tsx's loader, which it registers for itself when the runtime does not strip types.
export const BOOT = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  await import(workerData.entry);
})().catch((err) => { process.nextTick(() => { throw err; }); });
`;

/** tsx's loader API, its ES module entry (a CommonJS resolve would name the .cjs one). */
export function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(pkgPath), pkg.exports['./esm/api']!.import.default)).href;
}

/**
 * The thread's young generation, in MB: 96 (three 32 MB semi-spaces' worth, V8's accounting), where
 * V8's default stops at 16 MB semi-spaces. A send allocates a few KB that die young (rows, views,
 * their JSON); a nursery twice the size fills half as often, and the collector's helper threads
 * ran 1–2 % of a core each under load instead of 3–4 % (docs/decisions/006-v8-flags.md). The main thread gets the same through its start flags (package.json).
 */
const YOUNG_GENERATION_MB = 96;

/** How long `close` waits for sends under way before it stops the thread anyway. */
const CLOSE_GRACE_MS = 10_000;

interface Pending {
  resolve: (m: EncodedJson<Message>) => void;
  reject: (err: unknown) => void;
}

/**
 * The SQLite send thread (docs/decisions/002-sqlite-send-thread.md). SQLite runs one statement at a
 * time on the thread that calls it: on the main thread a send's checks and writes (some fifteen
 * statements and their commit) took about half of the event loop's time under load, while the
 * second core sat idle. Here one-to-one sends are checked and committed by `SendCore` on a worker
 * thread with its own connection to the same file (WAL: readers on the main connection are never
 * blocked; writers take turns on SQLite's lock). The main thread keeps the sockets, the rate limit
 * and the publishing: it hands the thread each turn's sends in one message and, in the order the
 * thread reports them, publishes the events and answers the senders, so a
 * sender's ack still follows its message's commit and `message.new`. If the thread fails, the
 * sends under way fail (a retry with the same clientMsgId is safe) and later ones run on the main
 * thread.
 */
export class SendThread {
  private worker: Worker | null = null;
  private failed = false;
  private exited = false;
  private closing = false;
  private nextId = 1;
  private readonly pending = new PendingSends<Pending>();
  private queued: ThreadJob[] = [];
  /** Replies are handled one message after the other, each in order. */
  private replies: Promise<void> = Promise.resolve();
  private drained: (() => void) | null = null;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'realtime' | 'log' | 'bus' | 'metrics'>,
    private readonly data: ThreadData,
    /** The thread's compiled entry (config `sendThreadEntry`); unset: the one beside this module. */
    private readonly compiledEntry?: string,
  ) {}

  /** 'idle' until the first send starts the thread. */
  get state(): 'idle' | 'running' | 'failed' | 'closed' {
    if (this.failed) return 'failed';
    if (this.closing) return 'closed';
    return this.worker ? 'running' : 'idle';
  }

  /** False once the thread failed or is closing: the caller sends on its own thread. */
  get usable(): boolean {
    return !this.failed && !this.closing;
  }

  /** The stored message as its sender sees it, as the thread encoded it (realtime/encoded.ts). */
  send({ userId, body, now, origin }: SendRequest): Promise<EncodedJson<Message>> {
    this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise<EncodedJson<Message>>((resolve, reject) => {
      this.pending.add(id, { resolve, reject });
      // The sends decoded in this turn go to the thread together.
      if (this.queued.length === 0) setImmediate(() => this.post());
      this.queued.push(
        origin ? { k: 'send', id, userId, body, now, origin } : { k: 'send', id, userId, body, now },
      );
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker || this.exited) return;
    if (this.pending.size > 0) {
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        setTimeout(resolve, CLOSE_GRACE_MS).unref();
      });
    }
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage([{ k: 'close' }] satisfies ThreadJob[]);
    await Promise.race([exited, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
    await worker.terminate();
  }

  private post(): void {
    const jobs = this.queued;
    this.queued = [];
    if (jobs.length > 0) this.worker?.postMessage(jobs);
  }

  private start(): Worker {
    // Compiled (apps/server/scripts/build.mjs): this code is in main.js and the thread's bundle is
    // send-thread.js beside it. From source: thread.ts, through tsx's loader unless Node 22.6+
    // strips the types itself.
    // A given compiled entry spares a process running from source the compilation of the thread's
    // modules at every start (the test suites start hundreds of servers).
    const compiled = !import.meta.url.endsWith('.ts') || this.compiledEntry !== undefined;
    const entry = this.compiledEntry
      ? pathToFileURL(this.compiledEntry).href
      : new URL(compiled ? './send-thread.js' : './thread.ts', import.meta.url).href;
    const tsx = compiled || (process.features as { typescript?: unknown }).typescript ? null : tsxApi();
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: Object.assign({}, this.data, { entry, tsx }),
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('message', (replies: ThreadReply[]) => {
      // These replies announce commits of the thread's connection. A read snapshot the main
      // connection opened before them (earlier in this turn) would not show them: a read that starts
      // after an ack must see the acked message, so it ends here, before any of them is announced.
      seeOtherCommits(this.ctx.db);
      // A failure in one message's handling must not stop the chain: later answers still go out.
      this.replies = this.replies
        .then(() => this.handle(replies))
        .catch((err: unknown) => this.ctx.log.error({ err }, 'send thread reply failed'));
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => {
      this.exited = true;
      if (!this.closing) this.fail(new Error(`send thread exited with code ${code}`));
    });
    return worker;
  }

  private async handle(replies: ThreadReply[]): Promise<void> {
    for (const r of replies) {
      if (r.k === 'emit') {
        const opts = r.origin ? { origin: r.origin } : undefined;
        const published = this.ctx.realtime
          .emit(r.to, r.type, new EncodedJson(r.json), opts)
          .catch(this.emitFailed);
        // On a bus that delivers inline (types.ts `Bus.inline`) an event to a list of users is
        // delivered before `emit` returns (realtime.ts): the next reply cannot overtake it and the
        // sending tab's ack finds its event held (ack-origin.ts), so nothing waits (a promise and a
        // turn of the microtask queue each). Over Redis the event comes back through the network:
        // waiting for each publish lets it reach the node before the ack leaves (in practice; a
        // later one goes out as a frame). An event to a conversation's members first resolves
        // them: always awaited.
        if (!this.ctx.bus.inline || !Array.isArray(r.to)) await published;
      } else if (r.k === 'done' || r.k === 'fail') {
        const p = this.pending.take(r.id);
        const json = r.k === 'done' ? answerJson(r, replies) : null;
        if (json !== null) p?.resolve(new EncodedJson<Message>(json));
        else
          p?.reject(
            r.k === 'fail' ? fromWire(r.error) : new Error(`send thread: answer ${r.id} names no event`),
          );
        if (this.pending.size === 0) this.drained?.();
      } else if (r.k === 'log') this.ctx.log[r.level](r.obj, r.msg);
      else if (r.k === 'commit') this.ctx.metrics.commit?.(r.size, r.seconds);
    }
  }

  private readonly emitFailed = (err: unknown) => this.ctx.log.error({ err }, 'after-commit job failed');

  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.ctx.log.error({ err }, 'send thread failed: sending on the main thread from now on');
    // Whether these committed is unknown: the client's retry (same clientMsgId) answers either way.
    const error = new Error('send thread failed');
    for (const p of this.pending.drain()) p.reject(error);
    this.drained?.();
  }
}
