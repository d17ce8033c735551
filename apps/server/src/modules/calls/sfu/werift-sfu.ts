import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { ErrorName } from '@parley/protocol';
import { fail } from '../../../lib/errors.js';
import { BOOT, tsxApi } from '../../messaging/send/thread/send-thread.js';
import type { Sfu, SfuCandidate, SfuEventEmitter, SfuEvents, SfuPc } from './sfu.js';
import type { WeriftOptions } from './werift/media.js';
import type { WorkerCall, WorkerData, WorkerReply, WorkerStats } from './werift/wire.js';

type CallBody<C> = C extends unknown ? Omit<C, 'id'> : never;

/**
 * The embedded SFU (`SFU=werift`, the default): werift's peer connections in a worker thread
 * (`werift/worker.ts`), so media never runs on the main event loop. This class forwards each call
 * to the worker and re-emits the worker's events; a failure in the worker comes back as the calls
 * catalogue's code it names (`sfuRoomNotFound`, `sfuNoSubscription`, `sfuBadSdp`).
 */
export class WeriftSfu implements Sfu {
  readonly events: SfuEventEmitter = new EventEmitter<SfuEvents>();
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  private nextId = 1;
  private exited = false;

  constructor(options: WeriftOptions, compiledEntry?: string) {
    const compiled = !import.meta.url.endsWith('.ts') || compiledEntry !== undefined;
    const entry =
      compiledEntry ?? new URL(compiled ? './sfu-worker.js' : './werift/worker.ts', import.meta.url).href;
    const tsx = compiled || (process.features as { typescript?: unknown }).typescript ? null : tsxApi();
    const data: WorkerData = { entry, tsx, options };
    this.worker = new Worker(BOOT, { eval: true, workerData: data });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.receive(reply));
    // A crash of the media thread must not take the node down: its calls fail with 23033.
    this.worker.on('error', () => undefined);
    this.worker.on('exit', () => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(fail('sfuUnavailable'));
      this.pending.clear();
    });
  }

  openRoom(roomId: string): Promise<void> {
    return this.call({ op: 'openRoom', roomId });
  }
  publish(roomId: string, userId: string, sdp: string): Promise<string> {
    return this.call({ op: 'publish', roomId, userId, sdp });
  }
  subscribe(roomId: string, userId: string): Promise<string | null> {
    return this.call({ op: 'subscribe', roomId, userId });
  }
  answer(roomId: string, userId: string, sdp: string): Promise<void> {
    return this.call({ op: 'answer', roomId, userId, sdp });
  }
  candidate(roomId: string, userId: string, pc: SfuPc, candidate: SfuCandidate | null): Promise<void> {
    return this.call({ op: 'candidate', roomId, userId, pc, candidate });
  }
  requestKeyframe(roomId: string, userId: string): Promise<void> {
    return this.call({ op: 'requestKeyframe', roomId, userId });
  }
  leave(roomId: string, userId: string): Promise<void> {
    return this.call({ op: 'leave', roomId, userId });
  }
  closeRoom(roomId: string): Promise<void> {
    return this.call({ op: 'closeRoom', roomId });
  }

  /** Rooms, peers, forwarded packets and CPU time of the worker (the bench reads them). */
  stats(): Promise<WorkerStats> {
    return this.call({ op: 'stats' });
  }

  async close(): Promise<void> {
    if (this.exited) return;
    await this.worker.terminate();
  }

  private call<T>(body: CallBody<WorkerCall>): Promise<T> {
    if (this.exited) return Promise.reject(fail('sfuUnavailable'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...body, id } as WorkerCall);
    });
  }

  private receive(reply: WorkerReply): void {
    if ('event' in reply) {
      (this.events.emit as (name: string, ...args: unknown[]) => boolean)(reply.event, ...reply.args);
      return;
    }
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(reply.code ? fail(reply.code as ErrorName) : new Error(reply.message));
  }
}
