import type { SfuSource } from './sfu.js';

/** One media section of an SDP, as far as the SFU cares. */
export interface SdpSection {
  kind: string;
  mid: string | null;
  direction: string;
}

/**
 * Whether an SDP can be negotiated at all: at least one audio or video section, ICE credentials and
 * a DTLS fingerprint. Both back ends check it first (werift takes any text).
 */
export function usableSdp(sdp: string): boolean {
  return /^m=(audio|video) /m.test(sdp) && /^a=ice-ufrag:/m.test(sdp) && /^a=fingerprint:/m.test(sdp);
}

/** The media sections of an SDP in order. */
export function sections(sdp: string): SdpSection[] {
  return sdp
    .split(/\r?\n(?=m=)/)
    .slice(1)
    .map((block) => ({
      kind: /^m=(\w+)/.exec(block)?.[1] ?? '',
      mid: /^a=mid:(\S+)/m.exec(block)?.[1] ?? null,
      direction: /^a=(sendrecv|sendonly|recvonly|inactive)$/m.exec(block)?.[1] ?? 'sendrecv',
    }));
}

/**
 * The source of each of a publisher's media sections (given in order), by the rule of `Sfu`: the
 * first audio section is the microphone, the first video section the camera, a later video section
 * the screen; anything else (a second audio section, data) is null.
 */
export function sourcesInOrder(kinds: string[]): (SfuSource | null)[] {
  let audio = false;
  let video = false;
  return kinds.map((kind) => {
    if (kind === 'audio') {
      const first = !audio;
      audio = true;
      return first ? 'mic' : null;
    }
    if (kind === 'video') {
      const source = video ? 'screen' : 'camera';
      video = true;
      return source;
    }
    return null;
  });
}

/** RFC 6464 level (0–127 -dBov) → 0 (silence) … 1 (loudest). */
export function levelFromDbov(dBov: number): number {
  return Math.max(0, Math.min(1, 1 - dBov / 127));
}

/** A level from which a publisher counts as speaking (about -50 dBov). */
export const SPEAKING_LEVEL = 0.6;
