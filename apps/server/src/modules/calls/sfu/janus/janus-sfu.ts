import { EventEmitter } from 'node:events';
import { isAppError, fail } from '../../../../lib/errors.js';
import { levelFromDbov, sections, sourcesInOrder, usableSdp } from '../sdp.js';
import type { Sfu, SfuCandidate, SfuEventEmitter, SfuEvents, SfuPc, SfuSource, SfuTrack } from '../sfu.js';
import { JanusRefusal, JanusSession, type JanusMessage, type PluginReply } from './janus-session.js';

interface Publisher {
  handle: number;
  feed: number;
  /** The source of each of the publisher's mids (from its offer's section order). */
  sources: Map<string, SfuSource>;
  /** Janus reported its media up (`webrtcup`): only then can others subscribe to the feed. */
  live: boolean;
}

interface Subscriber {
  handle: number | null;
  /** The publisher streams subscribed to, as `feed:mid`. */
  feeds: Set<string>;
  offering: boolean;
  dirty: boolean;
  /** Changes to one subscriber run one after the other (a join must finish before an update). */
  queue: Promise<unknown>;
}

interface Room {
  janusRoom: number;
  publishers: Map<string, Publisher>;
  subscribers: Map<string, Subscriber>;
}

interface JanusStream {
  mid: string;
  type: string;
  active?: boolean;
  feed_id?: number;
  feed_mid?: string;
}

/** Janus VideoRoom's "no such room" and SDP refusals. */
const NO_SUCH_ROOM = 426;
const SDP_REFUSALS = new Set([465, 466, 433]);

/**
 * `SFU=janus`: Janus VideoRoom (multistream, Janus 1.x) over its HTTP transport at `JANUS_URL`.
 * A Parley room is a VideoRoom room with a number of its own; each publisher has a handle
 * (`joinandconfigure` with the browser's offer, `configure` on renegotiation), each subscriber one
 * handle (`join` with the feeds, `start` with the browser's answer, `update` when feeds change).
 * Janus asks publishers for keyframes itself when a subscriber starts; talking events (the room's
 * `audiolevel_event`) become `levels`.
 */
export class JanusSfu implements Sfu {
  readonly events: SfuEventEmitter = new EventEmitter<SfuEvents>();
  private readonly janus: JanusSession;
  private readonly rooms = new Map<string, Room>();
  /** Rooms whose VideoRoom is being created. */
  private readonly opening = new Map<string, Promise<void>>();
  private control: Promise<number> | null = null;
  /** handle → who owns it (events arrive by handle). */
  private readonly owners = new Map<number, { roomId: string; userId: string; pc: SfuPc }>();

  constructor(url: string) {
    this.janus = new JanusSession(url.replace(/\/$/, ''), (handle, m) => this.onEvent(handle, m));
  }

  /**
   * Opens the room once: the first media frames of a call (a publish, its candidates) each open it
   * at the same moment, and a second VideoRoom created for them would replace the first one while
   * members publish in it (they would never see each other).
   */
  async openRoom(roomId: string): Promise<void> {
    if (this.rooms.has(roomId)) return;
    let opening = this.opening.get(roomId);
    if (!opening) {
      opening = this.createRoom(roomId).finally(() => this.opening.delete(roomId));
      this.opening.set(roomId, opening);
    }
    await opening;
  }

  private async createRoom(roomId: string): Promise<void> {
    const janusRoom = Math.floor(Math.random() * 2 ** 48) + 1;
    this.control ??= this.janus.attach();
    await this.call(async () =>
      this.janus.message(await this.control!, {
        request: 'create',
        room: janusRoom,
        publishers: 64,
        audiocodec: 'opus',
        videocodec: 'vp8',
        audiolevel_event: true,
        audio_active_packets: 25,
        audio_level_average: 40,
      }),
    );
    this.rooms.set(roomId, { janusRoom, publishers: new Map(), subscribers: new Map() });
  }

  async publish(roomId: string, userId: string, offerSdp: string): Promise<string> {
    const room = this.room(roomId);
    if (!usableSdp(offerSdp)) throw fail('sfuBadSdp');
    const parsed = sections(offerSdp);
    const order = sourcesInOrder(parsed.map((s) => s.kind));
    const sources = new Map<string, SfuSource>();
    parsed.forEach((s, i) => {
      const source = order[i];
      if (s.mid !== null && source && (s.direction === 'sendonly' || s.direction === 'sendrecv'))
        sources.set(s.mid, source);
    });
    const jsep = { type: 'offer' as const, sdp: offerSdp };
    let pub = room.publishers.get(userId);
    let reply: PluginReply;
    if (!pub) {
      const handle = await this.call(() => this.janus.attach());
      this.owners.set(handle, { roomId, userId, pc: 'publish' });
      reply = await this.call(() =>
        this.janus.message(
          handle,
          { request: 'joinandconfigure', ptype: 'publisher', room: room.janusRoom, display: userId },
          jsep,
        ),
      );
      pub = { handle, feed: Number(reply.data.id), sources, live: false };
      room.publishers.set(userId, pub);
    } else {
      const handle = pub.handle;
      reply = await this.call(() => this.janus.message(handle, { request: 'configure' }, jsep));
      pub.sources = sources;
    }
    if (!reply.jsep) throw fail('sfuBadSdp');
    // A new publisher's feed is offered to the others once its media is up (`webrtcup`); a
    // renegotiation (screen on or off) at once.
    if (pub.live) await this.syncAll(roomId, room);
    return reply.jsep.sdp;
  }

  async subscribe(roomId: string, userId: string): Promise<string | null> {
    const room = this.room(roomId);
    const old = room.subscribers.get(userId);
    if (old?.handle) await this.drop(old.handle);
    const sub: Subscriber = {
      handle: null,
      feeds: new Set(),
      offering: false,
      dirty: false,
      queue: Promise.resolve(),
    };
    room.subscribers.set(userId, sub);
    return this.sync(roomId, room, userId, sub);
  }

  async answer(roomId: string, userId: string, answerSdp: string): Promise<void> {
    const room = this.room(roomId);
    const sub = room.subscribers.get(userId);
    if (!sub?.handle || !sub.offering) throw fail('sfuNoSubscription');
    if (!usableSdp(answerSdp)) throw fail('sfuBadSdp');
    const handle = sub.handle;
    await this.call(() =>
      this.janus.message(handle, { request: 'start' }, { type: 'answer', sdp: answerSdp }),
    );
    sub.offering = false;
    if (sub.dirty) {
      sub.dirty = false;
      const offer = await this.sync(roomId, room, userId, sub);
      if (offer) this.events.emit('renegotiate', roomId, userId, offer);
    }
  }

  async candidate(roomId: string, userId: string, pc: SfuPc, candidate: SfuCandidate | null): Promise<void> {
    const room = this.room(roomId);
    const handle =
      pc === 'publish' ? room.publishers.get(userId)?.handle : room.subscribers.get(userId)?.handle;
    if (!handle) throw fail(pc === 'publish' ? 'sfuRoomNotFound' : 'sfuNoSubscription');
    await this.call(() => this.janus.trickle(handle, candidate ? { ...candidate } : { completed: true }));
  }

  async requestKeyframe(roomId: string, userId: string): Promise<void> {
    const room = this.room(roomId);
    const sub = room.subscribers.get(userId);
    if (!sub) throw fail('sfuNoSubscription');
    // A publisher's `configure` with `keyframe` makes Janus send it a PLI.
    const feeds = new Set([...sub.feeds].map((key) => Number(key.split(':')[0])));
    for (const feed of feeds) {
      const pub = [...room.publishers.values()].find((p) => p.feed === feed);
      if (pub)
        await this.call(() => this.janus.message(pub.handle, { request: 'configure', keyframe: true }));
    }
  }

  async leave(roomId: string, userId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room) return;
    const sub = room.subscribers.get(userId);
    room.subscribers.delete(userId);
    if (sub?.handle) await this.drop(sub.handle);
    const pub = room.publishers.get(userId);
    room.publishers.delete(userId);
    if (!pub) return;
    await this.syncAll(roomId, room);
    await this.drop(pub.handle);
  }

  async closeRoom(roomId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room) return;
    this.rooms.delete(roomId);
    const handles = [...room.publishers.values(), ...room.subscribers.values()].map((p) => p.handle);
    await Promise.all(handles.map((h) => (h ? this.drop(h) : undefined)));
    if (this.control) {
      const control = await this.control;
      await this.janus.message(control, { request: 'destroy', room: room.janusRoom }).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.rooms.keys()].map((r) => this.closeRoom(r).catch(() => undefined)));
    await this.janus.close();
  }

  private room(roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room) throw fail('sfuRoomNotFound');
    return room;
  }

  /** Runs a Janus request; Janus's refusals become the catalogue's codes. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isAppError(err)) throw err;
      if (err instanceof JanusRefusal) {
        if (err.code === NO_SUCH_ROOM) throw fail('sfuRoomNotFound');
        if (SDP_REFUSALS.has(err.code)) throw fail('sfuBadSdp');
      }
      throw err;
    }
  }

  private async drop(handle: number): Promise<void> {
    this.owners.delete(handle);
    await this.janus.detach(handle);
  }

  private async syncAll(roomId: string, room: Room): Promise<void> {
    await Promise.all(
      [...room.subscribers].map(async ([userId, sub]) => {
        const offer = await this.sync(roomId, room, userId, sub);
        if (offer) this.events.emit('renegotiate', roomId, userId, offer);
      }),
    );
  }

  /**
   * Brings a subscriber's feeds in line with the room's publishers; answers Janus's new offer (after
   * a `tracks` event) or null when nothing changed or an offer is still out.
   */
  private sync(roomId: string, room: Room, userId: string, sub: Subscriber): Promise<string | null> {
    const run = sub.queue.then(() => this.syncNow(roomId, room, userId, sub));
    sub.queue = run.catch(() => undefined);
    return run;
  }

  private async syncNow(roomId: string, room: Room, userId: string, sub: Subscriber): Promise<string | null> {
    if (room.subscribers.get(userId) !== sub) return null;
    if (sub.offering) {
      sub.dirty = true;
      return null;
    }
    // Each published stream on its own (`feed:mid`): a screen started or stopped is one stream.
    const wanted = new Set(
      [...room.publishers]
        .filter(([uid, p]) => uid !== userId && p.live)
        .flatMap(([, p]) => [...p.sources.keys()].map((mid) => `${p.feed}:${mid}`)),
    );
    const stream = (key: string) => ({
      feed: Number(key.split(':')[0]),
      mid: key.slice(key.indexOf(':') + 1),
    });
    const add = [...wanted].filter((f) => !sub.feeds.has(f)).map(stream);
    const remove = [...sub.feeds].filter((f) => !wanted.has(f)).map(stream);
    if (add.length === 0 && remove.length === 0) return null;
    let reply: PluginReply;
    if (sub.handle === null) {
      const handle = await this.call(() => this.janus.attach());
      sub.handle = handle;
      this.owners.set(handle, { roomId, userId, pc: 'subscribe' });
      reply = await this.call(() =>
        this.janus.message(handle, {
          request: 'join',
          ptype: 'subscriber',
          room: room.janusRoom,
          streams: add,
        }),
      );
    } else {
      const handle = sub.handle;
      reply = await this.call(() =>
        this.janus.message(handle, {
          request: 'update',
          // Janus refuses an empty list.
          ...(add.length > 0 ? { subscribe: add } : {}),
          ...(remove.length > 0 ? { unsubscribe: remove } : {}),
        }),
      );
    }
    sub.feeds = wanted;
    if (Array.isArray(reply.data.streams))
      this.events.emit('tracks', roomId, userId, this.tracksOf(room, reply.data.streams));
    if (!reply.jsep) return null;
    sub.offering = true;
    return reply.jsep.sdp;
  }

  private tracksOf(room: Room, streams: unknown): SfuTrack[] {
    const byFeed = new Map([...room.publishers].map(([uid, p]) => [p.feed, { uid, p }]));
    const out: SfuTrack[] = [];
    for (const s of (streams as JanusStream[] | undefined) ?? []) {
      if (s.active === false || (s.type !== 'audio' && s.type !== 'video')) continue;
      const owner = s.feed_id !== undefined ? byFeed.get(s.feed_id) : undefined;
      const source = owner && s.feed_mid !== undefined ? owner.p.sources.get(s.feed_mid) : undefined;
      if (!owner || !source) continue;
      out.push({ mid: s.mid, kind: s.type, source, publisherId: owner.uid });
    }
    return out;
  }

  /** Events no request waits for: talking, trickled candidates, hang-ups. */
  private onEvent(handle: number, m: JanusMessage): void {
    const owner = this.owners.get(handle);
    if (!owner) return;
    const { roomId, userId, pc } = owner;
    if (m.janus === 'trickle' && m.candidate?.candidate) {
      const { candidate, sdpMid, sdpMLineIndex } = m.candidate;
      this.events.emit('candidate', roomId, userId, pc, { candidate, sdpMid, sdpMLineIndex });
    } else if (m.janus === 'webrtcup' && pc === 'publish') {
      const room = this.rooms.get(roomId);
      const pub = room?.publishers.get(userId);
      if (room && pub && !pub.live) {
        pub.live = true;
        void this.syncAll(roomId, room).catch(() => undefined);
      }
    } else if (m.janus === 'hangup') {
      this.events.emit('disconnected', roomId, userId, pc);
    } else if (m.janus === 'event') {
      const data = m.plugindata?.data ?? {};
      const what = data.videoroom;
      if ((what === 'talking' || what === 'stopped-talking') && pc === 'publish') {
        const dBov = Number(data['audio-level-dBov-avg'] ?? 127);
        this.events.emit('levels', roomId, [{ userId, level: what === 'talking' ? levelFromDbov(dBov) : 0 }]);
      }
    }
  }
}
