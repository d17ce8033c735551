import type { MediaStreamTrack, RTCPeerConnection, RTCRtpTransceiver, RtpPacket } from 'werift';
import type { SfuCandidate, SfuLevel, SfuPc, SfuSource, SfuTrack } from '../sfu.js';
import { SPEAKING_LEVEL, usableSdp } from '../sdp.js';
import { gathered, levelOf, newPeer, publishes, sourcesOf, type WeriftOptions } from './media.js';

/** What a room tells the outside (the worker posts these to the main thread). */
export interface RoomSink {
  renegotiate(userId: string, offerSdp: string): void;
  tracks(userId: string, tracks: SfuTrack[]): void;
  levels(levels: SfuLevel[]): void;
  disconnected(userId: string, pc: SfuPc): void;
}

/** An error the main thread turns into the calls catalogue's code of that name. */
export class SfuFailure extends Error {
  constructor(readonly code: 'sfuRoomNotFound' | 'sfuNoSubscription' | 'sfuBadSdp') {
    super(code);
  }
}

interface Published {
  source: SfuSource;
  kind: 'audio' | 'video';
  transceiver: RTCRtpTransceiver;
  track: MediaStreamTrack | null;
}

interface Publisher {
  pc: RTCPeerConnection;
  sources: Map<SfuSource, Published>;
}

interface Slot {
  transceiver: RTCRtpTransceiver;
  kind: 'audio' | 'video';
  /** `${publisherId}|${source}`, or null while the section is unused (inactive, reusable). */
  key: string | null;
  /** The subscriber has not yet had a keyframe asked for since this slot was assigned. */
  needsKeyframe: boolean;
}

interface Subscriber {
  pc: RTCPeerConnection;
  slots: Slot[];
  /** An offer is out: changes wait for its answer. */
  offering: boolean;
  /** Something changed while an offer was out. */
  dirty: boolean;
}

const keyOf = (publisherId: string, source: SfuSource) => `${publisherId}|${source}`;

/**
 * The SFU's answer to a publisher takes the DTLS server role (`setup:passive`), as it has on its
 * own offers (the member answers `active`): werift's DTLS client fails the handshake when a slow
 * server's cookie exchange comes twice (docs/decisions/047-werift-sfu-dtls-server.md).
 */
function asDtlsServer(answer: { sdp: string }): { type: 'answer'; sdp: string } {
  return { type: 'answer', sdp: answer.sdp.replace(/^a=setup:active(\r?)$/gm, 'a=setup:passive$1') };
}

/**
 * One group call's media on the werift SFU: a receiving peer connection per publisher, a sending
 * one per subscriber, and the forwarding between them. RTP from a publisher's section goes, as
 * received, to every subscriber's section assigned to that (publisher, source); only the SSRC,
 * sequence numbers and timestamps are rewritten per subscriber (werift's `sendRtp`).
 */
export class Room {
  /** RTP packets sent to subscribers by every room of this thread (for the bench). */
  static forwarded = 0;
  private readonly publishers = new Map<string, Publisher>();
  private readonly subscribers = new Map<string, Subscriber>();
  /** Loudest level per publisher since the last report. */
  private readonly loudest = new Map<string, number>();
  private speaking = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly opts: WeriftOptions,
    private readonly sink: RoomSink,
  ) {
    this.timer = setInterval(() => this.reportLevels(), opts.levelsIntervalMs);
    this.timer.unref();
  }

  async publish(userId: string, offerSdp: string): Promise<string> {
    if (!usableSdp(offerSdp)) throw new SfuFailure('sfuBadSdp');
    let pub = this.publishers.get(userId);
    if (!pub) {
      const pc = newPeer(this.opts);
      pub = { pc, sources: new Map() };
      this.publishers.set(userId, pub);
      const p = pub;
      pc.ontrack = ({ track, transceiver }) => {
        // The track may come before `publish` has read the sections (during setRemoteDescription).
        this.refreshSources(userId, p);
        const entry = [...p.sources.values()].find((s) => s.transceiver === transceiver);
        if (entry) this.attach(userId, entry, track);
      };
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'failed') this.sink.disconnected(userId, 'publish');
      });
    }
    try {
      await pub.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      this.refreshSources(userId, pub);
      await pub.pc.setLocalDescription(asDtlsServer(await pub.pc.createAnswer()));
    } catch {
      throw new SfuFailure('sfuBadSdp');
    }
    const answer = await gathered(pub.pc);
    this.refreshSources(userId, pub);
    await this.syncAll();
    return answer;
  }

  async subscribe(userId: string): Promise<string | null> {
    await this.dropSubscriber(userId);
    const pc = newPeer(this.opts);
    const sub: Subscriber = { pc, slots: [], offering: false, dirty: false };
    this.subscribers.set(userId, sub);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.keyframes(sub);
      if (state === 'failed') this.sink.disconnected(userId, 'subscribe');
    });
    if (!this.assign(userId, sub)) return null;
    return this.offer(userId, sub);
  }

  async answer(userId: string, answerSdp: string): Promise<void> {
    const sub = this.subscribers.get(userId);
    if (!sub || !sub.offering) throw new SfuFailure('sfuNoSubscription');
    if (!usableSdp(answerSdp)) throw new SfuFailure('sfuBadSdp');
    try {
      await sub.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
    } catch {
      throw new SfuFailure('sfuBadSdp');
    }
    sub.offering = false;
    if (sub.pc.connectionState === 'connected') this.keyframes(sub);
    if (sub.dirty) {
      sub.dirty = false;
      await this.resync(userId, sub);
    }
  }

  async candidate(userId: string, pc: SfuPc, candidate: SfuCandidate | null): Promise<void> {
    const peer = pc === 'publish' ? this.publishers.get(userId)?.pc : this.subscribers.get(userId)?.pc;
    if (!peer) throw new SfuFailure(pc === 'publish' ? 'sfuRoomNotFound' : 'sfuNoSubscription');
    await peer.addIceCandidate(candidate ?? undefined).catch(() => undefined);
  }

  requestKeyframe(userId: string): void {
    const sub = this.subscribers.get(userId);
    if (!sub) throw new SfuFailure('sfuNoSubscription');
    for (const slot of sub.slots) slot.needsKeyframe = slot.kind === 'video' && slot.key !== null;
    this.keyframes(sub);
  }

  async leave(userId: string): Promise<void> {
    await this.dropSubscriber(userId);
    const pub = this.publishers.get(userId);
    this.publishers.delete(userId);
    this.loudest.delete(userId);
    if (pub) {
      await pub.pc.close().catch(() => undefined);
      await this.syncAll();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const pcs = [...this.publishers.values(), ...this.subscribers.values()].map((p) => p.pc);
    this.publishers.clear();
    this.subscribers.clear();
    await Promise.all(pcs.map((pc) => pc.close().catch(() => undefined)));
  }

  get size(): number {
    return new Set([...this.publishers.keys(), ...this.subscribers.keys()]).size;
  }

  /** Brings the publisher's list of sources up to date with its negotiated sections. */
  private refreshSources(userId: string, pub: Publisher): void {
    const sources = sourcesOf(pub.pc.getTransceivers());
    for (const [t, source] of sources) {
      const known = pub.sources.get(source);
      if (known?.transceiver === t) {
        const track = t.receiver.tracks[0];
        if (!known.track && track) this.attach(userId, known, track);
        continue;
      }
      const entry: Published = { source, kind: t.kind as 'audio' | 'video', transceiver: t, track: null };
      pub.sources.set(source, entry);
      const track = t.receiver.tracks[0];
      if (track) this.attach(userId, entry, track);
    }
  }

  private attach(userId: string, entry: Published, track: MediaStreamTrack): void {
    if (entry.track === track) return;
    entry.track = track;
    const key = keyOf(userId, entry.source);
    track.onReceiveRtp.subscribe((rtp: RtpPacket, extensions) => {
      if (entry.kind === 'audio') {
        const level = levelOf(extensions as Record<string, unknown> | undefined);
        if (level !== null) this.loudest.set(userId, Math.max(level, this.loudest.get(userId) ?? 0));
      }
      this.forward(key, rtp);
    });
  }

  private forward(key: string, rtp: RtpPacket): void {
    for (const sub of this.subscribers.values()) {
      for (const slot of sub.slots) {
        if (slot.key !== key) continue;
        // Each subscriber's sender rewrites the header (SSRC, sequence, timestamp) in place: it gets
        // its own header over the shared payload, never a serialized copy it would parse again. The
        // publisher's header extensions carry its own ids (its mid would misroute the packet at the
        // subscriber): the subscriber's sender writes its own.
        const copy = rtp.clone();
        copy.header.extensions = [];
        Room.forwarded++;
        void slot.transceiver.sender.sendRtp(copy).catch(() => undefined);
      }
    }
  }

  /** The (publisher, source) pairs `userId` should receive: everyone else's published sections. */
  private wanted(userId: string): Map<string, 'audio' | 'video'> {
    const out = new Map<string, 'audio' | 'video'>();
    for (const [pid, pub] of this.publishers) {
      if (pid === userId) continue;
      for (const s of pub.sources.values())
        if (publishes(s.transceiver)) out.set(keyOf(pid, s.source), s.kind);
    }
    return out;
  }

  /** Assigns sections to what the subscriber should receive; true when anything changed. */
  private assign(userId: string, sub: Subscriber): boolean {
    const wanted = this.wanted(userId);
    let changed = false;
    for (const slot of sub.slots) {
      if (slot.key !== null && !wanted.has(slot.key)) {
        slot.key = null;
        slot.transceiver.setDirection('inactive');
        changed = true;
      }
    }
    const have = new Set(sub.slots.map((s) => s.key));
    for (const [key, kind] of wanted) {
      if (have.has(key)) continue;
      let slot = sub.slots.find((s) => s.key === null && s.kind === kind);
      if (slot) slot.transceiver.setDirection('sendonly');
      else {
        const created: Slot = {
          transceiver: sub.pc.addTransceiver(kind, { direction: 'sendonly' }),
          kind,
          key: null,
          needsKeyframe: false,
        };
        // The subscriber's browser asks for a keyframe (decoder start, loss): pass it on.
        created.transceiver.sender.onPictureLossIndication.subscribe(() => {
          if (created.key !== null) this.pli(created.key);
        });
        sub.slots.push(created);
        slot = created;
      }
      slot.key = key;
      slot.needsKeyframe = kind === 'video';
      changed = true;
    }
    return changed;
  }

  private async offer(userId: string, sub: Subscriber): Promise<string> {
    sub.offering = true;
    await sub.pc.setLocalDescription(await sub.pc.createOffer());
    const sdp = await gathered(sub.pc);
    const tracks: SfuTrack[] = [];
    for (const slot of sub.slots) {
      if (slot.key === null || !slot.transceiver.mid) continue;
      const cut = slot.key.lastIndexOf('|');
      tracks.push({
        mid: slot.transceiver.mid,
        kind: slot.kind,
        source: slot.key.slice(cut + 1) as SfuSource,
        publisherId: slot.key.slice(0, cut),
      });
    }
    this.sink.tracks(userId, tracks);
    return sdp;
  }

  private async resync(userId: string, sub: Subscriber): Promise<void> {
    if (sub.offering) {
      sub.dirty = true;
      return;
    }
    if (!this.assign(userId, sub)) return;
    const sdp = await this.offer(userId, sub);
    if (this.subscribers.get(userId) === sub) this.sink.renegotiate(userId, sdp);
  }

  private async syncAll(): Promise<void> {
    await Promise.all([...this.subscribers].map(([uid, sub]) => this.resync(uid, sub)));
  }

  /** Asks each publisher whose video the subscriber newly receives for a keyframe. */
  private keyframes(sub: Subscriber): void {
    for (const slot of sub.slots) {
      if (!slot.needsKeyframe || slot.key === null) continue;
      slot.needsKeyframe = false;
      this.pli(slot.key);
    }
  }

  private pli(key: string): void {
    const cut = key.lastIndexOf('|');
    const src = this.publishers.get(key.slice(0, cut))?.sources.get(key.slice(cut + 1) as SfuSource);
    const ssrc = src?.track?.ssrc;
    if (src && ssrc !== undefined) void src.transceiver.receiver.sendRtcpPLI(ssrc).catch(() => undefined);
  }

  private async dropSubscriber(userId: string): Promise<void> {
    const sub = this.subscribers.get(userId);
    if (!sub) return;
    this.subscribers.delete(userId);
    await sub.pc.close().catch(() => undefined);
  }

  /** Reports levels while someone speaks, and once more when everyone has gone quiet. */
  private reportLevels(): void {
    if (this.loudest.size === 0) return;
    const levels = [...this.loudest].map(([userId, level]) => ({
      userId,
      level: Math.round(level * 100) / 100,
    }));
    this.loudest.clear();
    const speaking = levels.some((l) => l.level >= SPEAKING_LEVEL);
    if (speaking || this.speaking) this.sink.levels(levels);
    this.speaking = speaking;
  }
}
