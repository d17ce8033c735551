import type { FastifyBaseLogger } from 'fastify';
import { EventEmitter } from 'node:events';
import type { Config } from '../../config.js';
import { createSfu } from './sfu/create-sfu.js';
import type { StepResult } from './group-call-step.js';
import type { Sfu, SfuCandidate, SfuEventEmitter, SfuEvents, SfuPc } from './sfu/sfu.js';

const EVENTS: (keyof SfuEvents)[] = ['renegotiate', 'tracks', 'levels', 'candidate', 'disconnected'];

/**
 * The node's SFU, started on the first media frame of a group call rather than with the node (a node
 * that never carries a group call never starts the werift worker or reaches Janus). Rooms the flows
 * opened are opened on the SFU when their first media frame comes; its events are passed on.
 */
export class LazySfu implements Sfu {
  readonly events: SfuEventEmitter = new EventEmitter() as SfuEventEmitter;
  private real: Sfu | null = null;
  /** Rooms of calls that are not over; true once opened on the SFU. */
  private readonly rooms = new Map<string, boolean>();

  constructor(private readonly make: () => Sfu) {}

  static of(config: Config): LazySfu {
    return new LazySfu(() => createSfu(config));
  }

  private async room(roomId: string): Promise<Sfu> {
    if (!this.real) {
      const real = this.make();
      for (const name of EVENTS) {
        real.events.on(name, (...args: unknown[]) =>
          (this.events.emit as (...a: unknown[]) => boolean)(name, ...args),
        );
      }
      this.real = real;
    }
    if (this.rooms.get(roomId) !== true) {
      await this.real.openRoom(roomId);
      this.rooms.set(roomId, true);
    }
    return this.real;
  }

  async openRoom(roomId: string): Promise<void> {
    if (!this.rooms.has(roomId)) this.rooms.set(roomId, false);
  }
  async publish(roomId: string, userId: string, offerSdp: string): Promise<string> {
    return (await this.room(roomId)).publish(roomId, userId, offerSdp);
  }
  async subscribe(roomId: string, userId: string): Promise<string | null> {
    return (await this.room(roomId)).subscribe(roomId, userId);
  }
  async answer(roomId: string, userId: string, answerSdp: string): Promise<void> {
    return (await this.room(roomId)).answer(roomId, userId, answerSdp);
  }
  async candidate(roomId: string, userId: string, pc: SfuPc, candidate: SfuCandidate | null): Promise<void> {
    return (await this.room(roomId)).candidate(roomId, userId, pc, candidate);
  }
  async requestKeyframe(roomId: string, userId: string): Promise<void> {
    return (await this.room(roomId)).requestKeyframe(roomId, userId);
  }
  async leave(roomId: string, userId: string): Promise<void> {
    if (this.real && this.rooms.get(roomId) === true) await this.real.leave(roomId, userId);
  }
  async closeRoom(roomId: string): Promise<void> {
    const opened = this.rooms.get(roomId) === true;
    this.rooms.delete(roomId);
    if (this.real && opened) await this.real.closeRoom(roomId);
  }
  /** Rooms of group calls not over on this node (the metrics read it). */
  get roomCount(): number {
    return this.rooms.size;
  }

  /** Media packets the embedded SFU forwarded since it started; null: not started, or Janus (its own stats). */
  async forwardedPackets(): Promise<number | null> {
    const real = this.real as { stats?: () => Promise<{ forwarded: number }> } | null;
    return real?.stats ? (await real.stats()).forwarded : null;
  }

  async close(): Promise<void> {
    this.rooms.clear();
    const real = this.real;
    this.real = null;
    if (real) await real.close();
  }
}

/** What the flows tell the media side (calls.module.ts wires it to the SFU). */
export interface GroupCallMedia {
  left(callId: string, wtId: string): Promise<void>;
  closed(callId: string): Promise<void>;
}

/** After a step: the room closes with its call; a member whose part ended leaves it. */
export function tellMedia(media: GroupCallMedia, result: StepResult, log: FastifyBaseLogger): void {
  const callId = result.call.call_id;
  const failed = (err: unknown) => log.warn({ err, callId }, 'sfu update failed');
  if (result.call.status === 'ended') {
    media.closed(callId).catch(failed);
    return;
  }
  for (const userId of result.stopped) {
    const wtId = result.people.get(userId)?.wt_id;
    if (wtId) media.left(callId, wtId).catch(failed);
  }
}
