import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RTP_EXTENSION_URI,
  RtpHeader,
  RtpPacket,
  serializeAudioLevelIndication,
  useAudioLevelIndication,
  useSdesMid,
  type RTCRtpTransceiver,
} from 'werift';
import type { Sfu, SfuTrack } from '../../src/modules/calls/sfu/sfu.js';

/**
 * A participant of a group call in Node, speaking to an `Sfu` as the browser does: it offers a
 * publishing connection (mic, camera, optionally screen) and answers the SFU's subscribing offers.
 * It sends synthetic RTP (a payload of `<publisher>|<send time>|<padding>`) and counts what it
 * receives per publisher, so tests and the bench see forwarding without codecs.
 */
export class SfuPeer {
  readonly pub = newPeer();
  sub: RTCPeerConnection | null = null;
  /** Packets received per `${publisherId}|${source}` (read from each track's mid). */
  readonly received = new Map<string, number>();
  /** One-way times seen (receive time − the send time in the payload), ms. */
  readonly delays: number[] = [];
  /** Keyframe requests (PLI) the SFU sent for our camera. */
  plis = 0;
  tracks: SfuTrack[] = [];
  private readonly senders = new Map<string, RTCRtpTransceiver>();
  /** The next RTP sequence number of each source. */
  private readonly seqs = new Map<string, number>();
  private answering: Promise<void> = Promise.resolve();
  private offers = 0;
  private readonly waiters: (() => void)[] = [];
  private pump: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly sfu: Sfu,
    readonly roomId: string,
    readonly userId: string,
    readonly recordDelays = false,
  ) {
    sfu.events.on('tracks', (room, user, tracks) => {
      if (room === roomId && user === userId) this.tracks = tracks;
    });
    sfu.events.on('renegotiate', (room, user, sdp) => {
      if (room === roomId && user === userId) this.answering = this.answering.then(() => this.accept(sdp));
    });
  }

  /** Offers mic + camera (+ screen) and applies the SFU's answer. */
  async publish(screen = false): Promise<void> {
    await this.published(await this.sfu.publish(this.roomId, this.userId, await this.offer(screen)));
  }

  /** The publishing offer (mic + camera, + screen), not sent yet. */
  async offer(screen = false): Promise<string> {
    const sections: ['mic' | 'camera' | 'screen', 'audio' | 'video'][] = [
      ['mic', 'audio'],
      ['camera', 'video'],
    ];
    if (screen) sections.push(['screen', 'video']);
    for (const [source, kind] of sections) {
      if (this.senders.has(source)) continue;
      const t = this.pub.addTransceiver(new MediaStreamTrack({ kind }), { direction: 'sendonly' });
      t.sender.onPictureLossIndication.subscribe(() => {
        if (source === 'camera') this.plis++;
      });
      this.senders.set(source, t);
    }
    await this.pub.setLocalDescription(await this.pub.createOffer());
    return sdpOf(this.pub);
  }

  /** Applies the SFU's answer to the publishing offer; resolves once the connection is up. */
  async published(answer: string): Promise<void> {
    await this.pub.setRemoteDescription({ type: 'answer', sdp: answer });
    await connected(this.pub);
  }

  /** Opens the subscribing connection (answers the SFU's offer if there is one yet). */
  async subscribe(): Promise<void> {
    const offer = await this.sfu.subscribe(this.roomId, this.userId);
    if (offer) await this.accept(offer);
  }

  /** Sends one packet on each published source (or on `only`); audio carries an audio level (-dBov). */
  send(dBov = 30, size = 1000, only?: 'mic' | 'camera'): void {
    const now = Date.now();
    for (const [source, t] of this.senders) {
      if (only && source !== only) continue;
      const seq = ((this.seqs.get(source) ?? 0) + 1) & 0xffff;
      this.seqs.set(source, seq);
      const extId = t.headerExtensions.find((e) => e.uri === RTP_EXTENSION_URI.audioLevelIndication)?.id;
      const tag = Buffer.from(`${this.userId}|${now}|`);
      const payload = Buffer.concat([
        tag,
        Buffer.alloc(Math.max(0, (source === 'mic' ? 120 : size) - tag.length)),
      ]);
      const header = new RtpHeader({
        sequenceNumber: seq,
        timestamp: (now * 90) >>> 0,
        marker: true,
        extensions:
          source === 'mic' && extId ? [{ id: extId, payload: serializeAudioLevelIndication(dBov) }] : [],
      });
      void t.sender.sendRtp(new RtpPacket(header, payload)).catch(() => undefined);
    }
  }

  /** Sends like a live source: a packet per source every `everyMs` (the camera's and mic's clock). */
  start(dBov = 30, everyMs = 20): void {
    this.stop();
    this.pump = setInterval(() => this.send(dBov), everyMs);
  }

  stop(): void {
    if (this.pump) clearInterval(this.pump);
    this.pump = null;
  }

  /** Resolves when `check` holds (re-checked on each received packet and each answered offer). */
  until(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => {
      const poll = () => {
        if (check()) resolve();
        else this.waiters.push(poll);
      };
      this.waiters.push(poll);
    });
  }

  /** How many offers from the SFU this peer has answered. */
  get answered(): number {
    return this.offers;
  }

  count(publisherId: string, source: string): number {
    return this.received.get(`${publisherId}|${source}`) ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    await Promise.all([this.pub.close(), this.sub?.close()]);
  }

  private async accept(offerSdp: string): Promise<void> {
    if (!this.sub) {
      const sub = newPeer();
      this.sub = sub;
      // werift's DTLS client (ours here, the SFU being the server) fails its handshake when a
      // starved SFU answers its first flight twice; a browser retries, so does this peer: a new
      // subscribing connection (docs/decisions/047-werift-sfu-dtls-server.md).
      sub.connectionStateChange.subscribe((state) => {
        if (state !== 'failed' || this.sub !== sub || this.closed) return;
        this.sub = null;
        void sub.close();
        this.answering = this.answering.then(() => this.subscribe()).catch(() => undefined);
      });
      const counted = new WeakSet<object>();
      this.sub.ontrack = ({ track, transceiver }) => {
        // werift fires ontrack again for the same track on every offer that still carries it: count
        // each track's packets once.
        if (counted.has(track)) return;
        counted.add(track);
        track.onReceiveRtp.subscribe((rtp) => {
          const info = this.tracks.find((t) => t.mid === transceiver.mid);
          if (!info) return;
          const key = `${info.publisherId}|${info.source}`;
          this.received.set(key, (this.received.get(key) ?? 0) + 1);
          if (this.recordDelays) {
            const sent = Number(rtp.payload.toString('latin1', 0, 64).split('|')[1]);
            if (sent > 0) this.delays.push(Date.now() - sent);
          }
          this.wake();
        });
      };
    }
    await this.sub.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.sub.setLocalDescription(await this.sub.createAnswer());
    await this.sfu.answer(this.roomId, this.userId, await sdpOf(this.sub));
    this.offers++;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiters.splice(0);
    for (const w of waiting) w();
  }
}

function newPeer(): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/VP8',
          clockRate: 90000,
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
        }),
      ],
    },
    headerExtensions: { audio: [useSdesMid(), useAudioLevelIndication()], video: [useSdesMid()] },
  });
}

async function sdpOf(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((s) => {
        if (s === 'complete') {
          unSubscribe();
          resolve();
        }
      });
    });
  }
  return pc.localDescription!.sdp;
}

async function connected(pc: RTCPeerConnection): Promise<void> {
  if (pc.connectionState === 'connected') return;
  await new Promise<void>((resolve, reject) => {
    const { unSubscribe } = pc.connectionStateChange.subscribe((s) => {
      if (s === 'connected') {
        unSubscribe();
        resolve();
      } else if (s === 'failed') reject(new Error('publishing connection failed'));
    });
  });
}
