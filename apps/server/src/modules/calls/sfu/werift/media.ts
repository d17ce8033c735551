import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RTP_EXTENSION_URI,
  useAudioLevelIndication,
  useSdesMid,
  type RTCRtpTransceiver,
} from 'werift';
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

/**
 * Whether an SDP can be negotiated at all: at least one audio or video section, ICE credentials and
 * a DTLS fingerprint. (werift takes any text, and a description without media never gathers.)
 */
export function usableSdp(sdp: string): boolean {
  return /^m=(audio|video) /m.test(sdp) && /^a=ice-ufrag:/m.test(sdp) && /^a=fingerprint:/m.test(sdp);
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

/**
 * The source of each of a publisher's media sections, by order: the first audio section is the
 * microphone, the first video section the camera, any later video section the screen.
 */
export function sourcesOf(transceivers: RTCRtpTransceiver[]): Map<RTCRtpTransceiver, SfuSource> {
  const sorted = [...transceivers].sort((a, b) => (a.mLineIndex ?? 0) - (b.mLineIndex ?? 0));
  const out = new Map<RTCRtpTransceiver, SfuSource>();
  let audio = false;
  let video = false;
  for (const t of sorted) {
    if (t.kind === 'audio') {
      if (!audio) out.set(t, 'mic');
      audio = true;
    } else {
      out.set(t, video ? 'screen' : 'camera');
      video = true;
    }
  }
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
  if (!ext) return null;
  return Math.max(0, Math.min(1, 1 - ext.level / 127));
}
