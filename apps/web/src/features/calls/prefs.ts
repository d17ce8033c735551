import { create } from 'zustand';

export type DisplayMode = 'contain' | 'cover' | 'fill';
export type Resolution = '480p' | '720p' | '1080p';

export interface DeviceLists {
  camera: { deviceId: string; label: string }[];
  microphone: { deviceId: string; label: string }[];
  speaker: { deviceId: string; label: string }[];
  current: { camera: string; microphone: string; speaker: string };
}

/**
 * The user's call preferences: they outlive every call (the call store's reset never touches them).
 * The devices chosen (camera, microphone, speaker), AI voice, how videos fit, the camera quality, the
 * float window, the bell.
 */
export interface CallPrefs {
  /** RNNoise on the microphone (the "AI voice" switch). */
  aiVoice: boolean;
  displayMode: DisplayMode;
  resolution: Resolution;
  enableFloatWindow: boolean;
  callingBell: string | null;
  muteBell: boolean;
  /** Devices (camera, microphone, speaker) and the current of each; refreshed when one is plugged in. */
  devices: DeviceLists;
}

export const initialCallPrefs: CallPrefs = {
  aiVoice: false,
  displayMode: 'cover',
  resolution: '480p',
  enableFloatWindow: true,
  callingBell: null,
  muteBell: false,
  devices: { camera: [], microphone: [], speaker: [], current: { camera: '', microphone: '', speaker: '' } },
};

export const useCallPrefs = create<CallPrefs>(() => initialCallPrefs);
export const prefs = () => useCallPrefs.getState();
export const setPrefs = (patch: Partial<CallPrefs>) => useCallPrefs.setState(patch);
