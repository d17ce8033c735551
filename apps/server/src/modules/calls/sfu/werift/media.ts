import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RTP_EXTENSION_URI,
  useAudioLevelIndication,
  useSdesMid,
  type RTCRtpTransceiver,
} from 'werift';
import { levelFromDbov, sourcesInOrder } from '../sdp.js';
import type { SfuSource } from '../sfu.js';

/** What the worker needs from the configuration (plain data: it crosses the thread boundary). */
export interface WeriftOptions {
  /** STUN servers for the SFU's own candidates (TURN does not apply: the SFU is the far end). */
  stunUrls: string[];
  /** UDP ports for media, [min, max]; unset: any. */
  portRange?: [number, number];
  /** Extra host addresses to offer (e.g. 127.0.0.1 in tests, the public address behind NAT). */
  hostAddresses?: string[];
  levelsIntervalMs: number;
}

/**
 * The codecs the SFU speaks: Opus and VP8, which every browser sends. Forwarding does not transcode,
 * so publisher and subscriber must agree; with one codec per kind they always do.
 */
function codecs() {
  return {
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/VP8',
        clockRate: 90000,
        rtcpFeedback: [
          { type: 'nack' },
          { type: 'nack', parameter: 'pli' },
          { type: 'ccm', parameter: 'fir' },
        ],
      }),
    ],
  };
}

export function newPeer(opts: WeriftOptions): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs: codecs(),
    headerExtensions: { audio: [useSdesMid(), useAudioLevelIndication()], video: [useSdesMid()] },
    iceServers: opts.stunUrls.length > 0 ? [{ urls: opts.stunUrls.join(',') }] : [],
    icePortRange: opts.portRange,
    iceAdditionalHostAddresses: opts.hostAddresses,
  });
}

/** Resolves once the peer connection has gathered its candidates, so its SDP carries them all. */
export async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          unSubscribe();
          resolve();
        }
      });
    });
  }
  return pc.localDescription?.sdp ?? '';
}

/** The source of each of a publisher's sections (`sourcesInOrder` on their order). */
export function sourcesOf(transceivers: RTCRtpTransceiver[]): Map<RTCRtpTransceiver, SfuSource> {
  const sorted = [...transceivers].sort((a, b) => (a.mLineIndex ?? 0) - (b.mLineIndex ?? 0));
  const sources = sourcesInOrder(sorted.map((t) => t.kind));
  const out = new Map<RTCRtpTransceiver, SfuSource>();
  sorted.forEach((t, i) => {
    const source = sources[i];
    if (source) out.set(t, source);
  });
  return out;
}

/** Whether the publisher sends on this section (as negotiated: the SFU receives). */
export function publishes(t: RTCRtpTransceiver): boolean {
  const d = t.currentDirection;
  return d === 'recvonly' || d === 'sendrecv';
}

/** RFC 6464 level (0–127 -dBov) → 0 (silence) … 1 (loudest). */
export function levelOf(extensions: Record<string, unknown> | undefined): number | null {
  const ext = extensions?.[RTP_EXTENSION_URI.audioLevelIndication] as { level: number } | undefined;
  return ext ? levelFromDbov(ext.level) : null;
}
