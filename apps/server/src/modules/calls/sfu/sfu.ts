import type { EventEmitter } from 'node:events';

/**
 * The media side of a group call: a selective forwarding unit (SFU). Every participant has two
 * peer connections to it, both with standard SDP:
 *
 * - **publishing** (browser → SFU): the browser creates the offer (audio, video, optionally a
 *   second video track for the screen) and sends it with `publish`; the answer comes back.
 *   Adding or removing the screen track is a new `publish` with the new offer on the same
 *   connection.
 * - **subscribing** (SFU → browser): `subscribe` returns the SFU's offer carrying every other
 *   publisher's tracks; the browser answers with `answer`. When publishers come, go or change
 *   tracks the SFU emits `renegotiate` with a new offer for that subscriber, answered the same way.
 *
 * ICE candidates of either connection go through `candidate` (browser → SFU) and the `candidate`
 * event (SFU → browser), naming the connection by `pc`. The browser maps a received track to a
 * person with the `tracks` event (by `mid` of the subscribing connection's transceiver).
 *
 * The publishing offer's media sections say what each track is by their order: the first audio
 * section is the microphone, the first video section the camera, a second video section the
 * screen. A browser without a camera still offers the video section (direction inactive or with no
 * track), so a screen is always the third section.
 *
 * Callers (the socket frame handlers) check that the user may use the room before any call here;
 * the SFU trusts `roomId` and `userId`. Methods reject with an `AppError` from the calls catalogue
 * when the room or the user's connection is unknown, or the SDP cannot be used.
 *
 * Implementations: `WeriftSfu` (embedded, a worker thread; default, `SFU=werift`) and `JanusSfu`
 * (Janus VideoRoom over its HTTP transport, `SFU=janus` with `JANUS_URL`). `createSfu(config)`
 * picks one.
 */
export interface Sfu {
  /**
   * Opens a room (idempotent, also for calls made while an earlier one is still under way: the
   * first media frames of a call each open it). Called when a group call starts.
   */
  openRoom(roomId: string): Promise<void>;
  /** The browser's publishing offer → the SFU's answer. Renegotiations of the same connection too. */
  publish(roomId: string, userId: string, offerSdp: string): Promise<string>;
  /**
   * Creates (or restarts) the user's subscribing connection → the SFU's offer, or null while nobody
   * else publishes (the first offer then comes as `renegotiate`).
   */
  subscribe(roomId: string, userId: string): Promise<string | null>;
  /** The browser's answer to the last subscribing offer (from `subscribe` or `renegotiate`). */
  answer(roomId: string, userId: string, answerSdp: string): Promise<void>;
  /** A trickled ICE candidate from the browser; `candidate` null means end of candidates. */
  candidate(roomId: string, userId: string, pc: SfuPc, candidate: SfuCandidate | null): Promise<void>;
  /** Asks the publishers for a keyframe of what `userId` receives (e.g. after a decode stall). */
  requestKeyframe(roomId: string, userId: string): Promise<void>;
  /** Removes the user's connections; the others get `renegotiate` without the user's tracks. */
  leave(roomId: string, userId: string): Promise<void>;
  /** Closes every connection of the room. Called when the group call ends. */
  closeRoom(roomId: string): Promise<void>;
  /** Stops the SFU (worker, sessions, timers). */
  close(): Promise<void>;
  readonly events: SfuEventEmitter;
}

export type SfuPc = 'publish' | 'subscribe';
export type SfuSource = 'camera' | 'mic' | 'screen';

export interface SfuCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

/** One track of the subscribing connection: whose it is and what it carries. */
export interface SfuTrack {
  mid: string;
  kind: 'audio' | 'video';
  source: SfuSource;
  publisherId: string;
}

export interface SfuLevel {
  userId: string;
  /** 0 (silence) … 1 (loudest), from the RFC 6464 audio-level header extension. */
  level: number;
}

export interface SfuEvents {
  /** A new offer for `userId`'s subscribing connection; answer it with `Sfu.answer`. */
  renegotiate: [roomId: string, userId: string, offerSdp: string];
  /** The tracks `userId` receives on the subscribing connection (complete list, after each change). */
  tracks: [roomId: string, userId: string, tracks: SfuTrack[]];
  /** Audio levels of the room's publishers, at most a few times per second, only while someone speaks. */
  levels: [roomId: string, levels: SfuLevel[]];
  /** An ICE candidate from the SFU for `userId`'s connection `pc`. */
  candidate: [roomId: string, userId: string, pc: SfuPc, candidate: SfuCandidate];
  /** A publisher's or subscriber's connection failed or closed on the SFU's side. */
  disconnected: [roomId: string, userId: string, pc: SfuPc];
}

export type SfuEventEmitter = EventEmitter<SfuEvents>;

/** The back end chosen by configuration. */
export type SfuKind = 'werift' | 'janus';

/** How often the SFU reports audio levels at most. */
export const SFU_LEVELS_INTERVAL_MS = 250;
