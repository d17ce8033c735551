import { create } from 'zustand';
import type { CallInfo, CallParty } from '@parley/protocol';

export type { DeviceLists, DisplayMode, Resolution } from './prefs';

/** Call status (idle, calling, connected), role and media type, as the call window draws them. */
export type CallPhase = 'idle' | 'calling' | 'connected';

/** What one remote person of a group call sends now (a missing track: that device is off). */
export interface RemoteMedia {
  camera: MediaStream | null;
  mic: MediaStream | null;
  screen: MediaStream | null;
  /** From getStats of the subscribing connection: decoded video frames, audio packets received. */
  frames: number;
  audioPackets: number;
  /** 1 (best) … 6 (down), from this person's inbound loss; ≥ 4 is poor. */
  quality: number;
}

export interface CallState {
  phase: CallPhase;
  role: 'caller' | 'callee' | 'unknown';
  /** 1 audio, 2 video. */
  mediaType: 0 | 1 | 2;
  call: CallInfo | null;
  /** The group of a group call (known before its record arrives); null for one-to-one. */
  groupID: string | null;
  /** The other party (name and avatar for the waiting screen). */
  peer: CallParty | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  micOn: boolean;
  cameraOn: boolean;
  /** The other side turned its camera off (its tile shows the avatar and a camera-off mark). */
  remoteCameraOff: boolean;
  speakerMuted: boolean;
  minimized: boolean;
  /** Big view: 'remote' once connected in a video call; tapping the small one swaps. */
  bigView: 'local' | 'remote';
  connectedAt: number | null;
  /** A button whose action is running (its clicks are ignored meanwhile). */
  loading: Partial<Record<'camera' | 'mic' | 'speaker' | 'accept' | 'hangup' | 'switch', boolean>>;
  /** Transient tip ('other side line busy', 'call timeout', …) as an i18n key with values. */
  tip: { key: string; values?: Record<string, string> } | null;
  /** 1 (best) … 6 (down), from getStats; ≥ 4 is poor. */
  networkQuality: { local: number; remote: number };
  framesDecoded: number;
  /** ICE restarts this tab started after its socket came back (the caller's side). */
  iceRestarts: number;
  /** The peer connection's state (new, connecting, connected, failed, …). */
  linkState: string;
  /** Local candidate type of the media path: host, srflx, relay (TURN). */
  route: string;
  limitDialog: boolean;
  /** Background blur level (3 on, 0 off); `blurActive` once the blurred track is sent. */
  blur: 0 | 3;
  blurActive: boolean;
  /** What the local view shows while blur is on (the blurred track). */
  localPreview: MediaStream | null;
  /** The desktop permission tip card after the browser refused the microphone or camera. */
  permissionTip: 'microphone' | 'camera' | null;
  /** The AI voice preference (prefs.ts) carries the call's audio. */
  aiVoiceActive: boolean;
  /** A group call's remote people's media by wtId (group-media.ts). */
  remote: Record<string, RemoteMedia>;
  /** Speaking levels (0–1) by wtId, from the SFU (`call.media.levels`). */
  levels: Record<string, number>;
  /** The grid's big tile (`wtId` or `wtId:screen`), or null for the plain grid. */
  focused: string | null;
  /** This tab's screen share (both call kinds), shown as its own tile in a group call. */
  localScreen: MediaStream | null;
}

export const initialCallState: CallState = {
  phase: 'idle',
  role: 'unknown',
  mediaType: 0,
  call: null,
  groupID: null,
  peer: null,
  localStream: null,
  remoteStream: null,
  micOn: true,
  cameraOn: true,
  remoteCameraOff: false,
  speakerMuted: false,
  minimized: false,
  bigView: 'local',
  connectedAt: null,
  loading: {},
  tip: null,
  networkQuality: { local: 1, remote: 1 },
  framesDecoded: 0,
  iceRestarts: 0,
  linkState: 'new',
  route: '',
  limitDialog: false,
  blur: 0,
  blurActive: false,
  localPreview: null,
  permissionTip: null,
  aiVoiceActive: false,
  remote: {},
  levels: {},
  focused: null,
  localScreen: null,
};

export const useCallStore = create<CallState>(() => initialCallState);

/**
 * Reset clears the call; the dialogs it opened (membership, permission tip) stay. Preferences are not
 * here (prefs.ts), so nothing is copied back.
 */
export function resetCall(keep: Partial<CallState> = {}): void {
  const s = useCallStore.getState();
  useCallStore.setState({
    ...initialCallState,
    limitDialog: s.limitDialog,
    permissionTip: s.permissionTip,
    ...keep,
  });
}

/** Whether the call is a group call (its record names a group). */
export const isGroup = (s: Pick<CallState, 'groupID'>): boolean => s.groupID !== null;

/**
 * The fine-grained call state: be-invited, dialing-c2c / dialing-group, calling-c2c-audio|video,
 * calling-group-audio|video.
 */
export function fineState(s: Pick<CallState, 'phase' | 'role' | 'mediaType' | 'groupID'>): string {
  const kind = isGroup(s) ? 'group' : 'c2c';
  if (s.phase === 'idle') return 'idle';
  if (s.phase === 'calling') return s.role === 'callee' ? 'be-invited' : `dialing-${kind}`;
  return s.mediaType === 1 ? `calling-${kind}-audio` : `calling-${kind}-video`;
}
