import { getDeviceList, switchCamera, switchDevice, type TrackSender } from './devices';
import { TrackEffects } from './effects';
import type { GroupMedia } from './group-media';
import type { PeerLink } from './peer';
import { setPrefs, type DeviceLists } from './prefs';
import * as settings from './settings';
import { useCallStore, type CallState } from './store';

const set = (patch: Partial<CallState>) => useCallStore.setState(patch);
const get = () => useCallStore.getState();

/**
 * The call engine's device and effect operations (engine.ts extends it): device lists and
 * switches, blur, AI voice and the view settings, on the one-to-one link or the group call's SFU
 * connection.
 */
export abstract class DeviceControls {
  protected link: PeerLink | null = null;
  protected readonly effects = new TrackEffects();
  protected abstract groupMedia(): GroupMedia | null;

  /** The devices of each kind (labels once the user allowed media), stored for the device menus. */
  getDeviceList(): Promise<DeviceLists> {
    return getDeviceList();
  }

  /**
   * Uses another camera, microphone or speaker during the call (an effect on the old one moves to
   * the new one); rejects with errors.switchDevice when the picked one cannot be opened.
   */
  switchDevice(type: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void> {
    return switchDevice(this.sender(), type, deviceId);
  }

  /** The next camera (front/back on phones). */
  switchCamera(): Promise<void> {
    return switchCamera(this.sender());
  }

  /**
   * Sends a new camera or microphone track: to the peer through its effect when one is on, or in a
   * group call to the SFU.
   */
  protected sender(): TrackSender | null {
    const link = this.link;
    const media = this.groupMedia();
    if (media) return { replaceTrack: (t) => media.send(t.kind === 'audio' ? 'mic' : 'camera', t) };
    return link && { replaceTrack: (track: MediaStreamTrack) => this.effects.send(link, track) };
  }

  setVideoDisplayMode = settings.setVideoDisplayMode;
  setVideoResolution = settings.setVideoResolution;
  enableFloatWindow = settings.enableFloatWindow;
  setCallingBell = settings.setCallingBell;
  setVideoQuality = settings.setVideoQuality;

  /** setBlurBackground: 3 blurs the background behind the person, 0 turns it off. */
  async setBlurBackground(level: number): Promise<void> {
    if (level !== 3 && level !== 0) throw new Error('API setBlurBackground: level error, only be 3, 0');
    const s = get();
    if (s.loading.camera) return;
    set({ blur: level, loading: { ...s.loading, camera: true } });
    try {
      await this.effects.applyBlur(this.link);
    } finally {
      set({ loading: { ...get().loading, camera: false } });
    }
  }

  /** The "AI voice" switch: RNNoise on the microphone now (in a call) and for the next calls. */
  async enableAIVoice(on: boolean): Promise<void> {
    setPrefs({ aiVoice: !!on });
    await this.effects.applyAIVoice(this.link);
  }
}
