import {
  CallLimits,
  type CallMediaCandidate,
  type CallMediaLevels,
  type CallMediaOffer,
  type CallMediaSource,
  type CallMediaTracks,
  type IceServers,
} from '@parley/protocol';

/** The `call.media.*` frames this client sends; `send` resolves with the frame's ack data. */
export type SfuSend = (type: string, data: Record<string, unknown>) => Promise<unknown>;

/** A remote member's track, with what it is. */
export interface SfuRemoteTrack {
  publisherId: string;
  source: CallMediaSource;
  track: MediaStreamTrack;
}

export interface SfuClientOptions {
  callId: string;
  send: SfuSend;
  ice: IceServers | null;
}

/**
 * The browser's side of group-call media through the SFU (docs/api.md "Group-call media"): one
 * publishing RTCPeerConnection (this side offers; sections in the order the SFU reads them: mic,
 * camera, screen) and one subscribing RTCPeerConnection (the SFU offers, this side answers). The
 * call engine sends its frames through `send` and hands it the `call.media.*` events with
 * `receive`. The same code works with both back ends (werift, Janus): standard SDP only.
 */
export class SfuClient {
  readonly publisher: RTCPeerConnection;
  subscriber: RTCPeerConnection | null = null;
  private readonly mic: RTCRtpTransceiver;
  private readonly camera: RTCRtpTransceiver;
  private screen: RTCRtpTransceiver | null = null;
  private tracks: CallMediaTracks['tracks'] = [];
  private readonly listeners = new Set<(t: SfuRemoteTrack) => void>();
  private readonly listListeners = new Set<(all: SfuRemoteTrack[]) => void>();
  /** What each mid was last announced as (`publisherId|source`): a reused section is announced again. */
  private readonly announced = new Map<string, string>();
  private readonly levelListeners = new Set<(levels: CallMediaLevels['levels']) => void>();
  /** Subscribing offers are handled one after the other. */
  private chain: Promise<void> = Promise.resolve();
  private publishing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly opts: SfuClientOptions) {
    this.publisher = this.newPeer('publish');
    // Both sections exist from the first offer so a screen is always the third one.
    this.mic = this.publisher.addTransceiver('audio', { direction: 'inactive' });
    this.camera = this.publisher.addTransceiver('video', { direction: 'inactive' });
  }

  /** Publishes the stream's microphone and camera (either may be missing) and opens the subscription. */
  async publish(stream: MediaStream): Promise<void> {
    await this.setTrack(this.mic, stream.getAudioTracks()[0] ?? null);
    await this.setTrack(this.camera, stream.getVideoTracks()[0] ?? null);
    await this.negotiate();
    const ack = (await this.opts.send('call.media.subscribe', this.frame())) as { sdp: string | null };
    if (ack.sdp) await this.onOffer(ack.sdp);
  }

  /** Replaces the microphone or camera track (device change, effects) without renegotiation when it can. */
  async replace(source: 'mic' | 'camera', track: MediaStreamTrack | null): Promise<void> {
    const t = source === 'mic' ? this.mic : this.camera;
    const was = t.direction;
    await this.setTrack(t, track);
    if (t.direction !== was) await this.negotiate();
  }

  async addScreen(track: MediaStreamTrack): Promise<void> {
    if (!this.screen) this.screen = this.publisher.addTransceiver('video', { direction: 'inactive' });
    await this.setTrack(this.screen, track);
    await this.negotiate();
  }

  async removeScreen(): Promise<void> {
    if (!this.screen) return;
    await this.setTrack(this.screen, null);
    await this.negotiate();
  }

  /** Every remote track as it arrives (and again when it is replaced). */
  onTrack(cb: (t: SfuRemoteTrack) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** The whole list of remote tracks after each change (members come and go, screens start and stop). */
  onTracks(cb: (all: SfuRemoteTrack[]) => void): () => void {
    this.listListeners.add(cb);
    return () => this.listListeners.delete(cb);
  }

  /** The remote tracks now: each live section of the subscribing connection with whose it is. */
  remoteTracks(): SfuRemoteTrack[] {
    const out: SfuRemoteTrack[] = [];
    for (const t of this.subscriber?.getTransceivers() ?? []) {
      const info = this.tracks.find((x) => x.mid === t.mid);
      if (info) out.push({ publisherId: info.publisherId, source: info.source, track: t.receiver.track });
    }
    return out;
  }

  onLevels(cb: (levels: CallMediaLevels['levels']) => void): () => void {
    this.levelListeners.add(cb);
    return () => this.levelListeners.delete(cb);
  }

  /** Feed the `call.media.*` server events of this call here. */
  receive(type: string, data: unknown): void {
    if (this.closed) return;
    const d = data as { callId?: string };
    if (d.callId !== this.opts.callId) return;
    if (type === 'call.media.offer') {
      void this.onOffer((data as CallMediaOffer).sdp);
    } else if (type === 'call.media.tracks') {
      this.tracks = (data as CallMediaTracks).tracks;
      this.announceAll();
    } else if (type === 'call.media.levels') {
      for (const cb of this.levelListeners) cb((data as CallMediaLevels).levels);
    } else if (type === 'call.media.candidate') {
      const c = data as CallMediaCandidate;
      const pc = c.pc === 'publish' ? this.publisher : this.subscriber;
      void pc?.addIceCandidate(c.candidate).catch(() => undefined);
    }
  }

  /** Asks the publishers of what this side receives for a keyframe (e.g. a frozen tile). */
  async requestKeyframe(): Promise<void> {
    await this.opts.send('call.media.keyframe', this.frame());
  }

  /** Inbound and outbound RTP statistics of both connections (bytes, packets, frames, loss). */
  async getStats(): Promise<{ publish: RTCStatsReport; subscribe: RTCStatsReport | null }> {
    return {
      publish: await this.publisher.getStats(),
      subscribe: this.subscriber ? await this.subscriber.getStats() : null,
    };
  }

  close(): void {
    this.closed = true;
    this.publisher.close();
    this.subscriber?.close();
    this.listeners.clear();
    this.listListeners.clear();
    this.levelListeners.clear();
  }

  private frame(extra: Record<string, unknown> = {}) {
    return { v: CallLimits.version, callId: this.opts.callId, ...extra };
  }

  private newPeer(pc: 'publish' | 'subscribe'): RTCPeerConnection {
    const peer = new RTCPeerConnection({
      iceServers: this.opts.ice?.iceServers ?? [],
      iceTransportPolicy: this.opts.ice?.iceTransportPolicy ?? 'all',
    });
    peer.onicecandidate = (ev) => {
      if (this.closed) return;
      const candidate = ev.candidate ? ev.candidate.toJSON() : null;
      void this.opts.send('call.media.candidate', this.frame({ pc, candidate })).catch(() => undefined);
    };
    return peer;
  }

  private async setTrack(t: RTCRtpTransceiver, track: MediaStreamTrack | null): Promise<void> {
    await t.sender.replaceTrack(track);
    t.direction = track ? 'sendonly' : 'inactive';
  }

  /** Offers the publishing connection again and applies the SFU's answer (one at a time). */
  private negotiate(): Promise<void> {
    this.publishing = this.publishing.then(async () => {
      if (this.closed) return;
      await this.publisher.setLocalDescription(await this.publisher.createOffer());
      const ack = (await this.opts.send(
        'call.media.publish',
        this.frame({ sdp: this.publisher.localDescription!.sdp }),
      )) as {
        sdp: string;
      };
      await this.publisher.setRemoteDescription({ type: 'answer', sdp: ack.sdp });
    });
    return this.publishing;
  }

  private onOffer(sdp: string): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      if (!this.subscriber) {
        this.subscriber = this.newPeer('subscribe');
        this.subscriber.ontrack = () => this.announceAll();
      }
      await this.subscriber.setRemoteDescription({ type: 'offer', sdp });
      await this.subscriber.setLocalDescription(await this.subscriber.createAnswer());
      await this.opts.send('call.media.answer', this.frame({ sdp: this.subscriber.localDescription!.sdp }));
      this.announceAll();
    });
    return this.chain.catch(() => undefined);
  }

  /** Tells the listeners about sections whose owner is new or changed, then the whole list. */
  private announceAll(): void {
    const all = this.remoteTracks();
    const live = new Set<string>();
    for (const t of this.subscriber?.getTransceivers() ?? []) {
      const info = this.tracks.find((x) => x.mid === t.mid);
      if (!info || !t.mid) continue;
      live.add(t.mid);
      const key = `${info.publisherId}|${info.source}`;
      if (this.announced.get(t.mid) === key) continue;
      this.announced.set(t.mid, key);
      for (const cb of this.listeners)
        cb({ publisherId: info.publisherId, source: info.source, track: t.receiver.track });
    }
    for (const mid of this.announced.keys()) if (!live.has(mid)) this.announced.delete(mid);
    for (const cb of this.listListeners) cb(all);
  }
}
