import type { PeerLink } from './peer';
import { denoise, type Denoised } from './noise';
import { prefs } from './prefs';
import { useCallStore } from './store';

const set = (patch: Partial<ReturnType<typeof useCallStore.getState>>) => useCallStore.setState(patch);
const get = () => useCallStore.getState();

/**
 * The effects on this tab's outgoing tracks: background blur on the camera (MediaPipe, loaded on
 * first use) and RNNoise on the microphone ("AI voice"). Each replaces the track the peer gets and
 * puts the original back when turned off.
 */
export class TrackEffects {
  private denoised: Denoised | null = null;
  private blurred: { track: MediaStreamTrack; stop(): void } | null = null;

  async applyBlur(link: PeerLink | null): Promise<void> {
    const camera = get().localStream?.getVideoTracks()[0];
    if (!link || !camera) return;
    if (get().blur === 3 && !this.blurred) {
      const { blurBackground } = await import('./blur');
      this.blurred = await blurBackground(camera);
      await link.replaceTrack(this.blurred.track);
      set({ blurActive: true, localPreview: new MediaStream([this.blurred.track]) });
    } else if (get().blur === 0 && this.blurred) {
      await link.replaceTrack(camera);
      this.blurred.stop();
      this.blurred = null;
      set({ blurActive: false, localPreview: null });
    }
  }

  async applyAIVoice(link: PeerLink | null): Promise<void> {
    const mic = get().localStream?.getAudioTracks()[0];
    if (!link || !mic) return;
    if (prefs().aiVoice && !this.denoised) {
      try {
        this.denoised = await denoise(mic);
        await link.replaceTrack(this.denoised.track);
        set({ aiVoiceActive: true });
      } catch {
        this.denoised?.stop();
        this.denoised = null;
      }
    } else if (!prefs().aiVoice && this.denoised) {
      await link.replaceTrack(mic);
      this.denoised.stop();
      this.denoised = null;
      set({ aiVoiceActive: false });
    }
  }

  /**
   * Sends another camera or microphone track (a device switch): when the effect on that kind is on,
   * it moves to the new track and the peer gets its output; otherwise the peer gets the track.
   */
  async send(link: PeerLink, track: MediaStreamTrack): Promise<void> {
    if (track.kind === 'audio' && this.denoised) {
      const old = this.denoised;
      try {
        this.denoised = await denoise(track);
        await link.replaceTrack(this.denoised.track);
      } catch {
        this.denoised = null;
        set({ aiVoiceActive: false });
        await link.replaceTrack(track);
      }
      old.stop();
      return;
    }
    if (track.kind === 'video' && this.blurred) {
      const old = this.blurred;
      try {
        const { blurBackground } = await import('./blur');
        this.blurred = await blurBackground(track);
        await link.replaceTrack(this.blurred.track);
        set({ localPreview: new MediaStream([this.blurred.track]) });
      } catch {
        this.blurred = null;
        set({ blurActive: false, localPreview: null });
        await link.replaceTrack(track);
      }
      old.stop();
      return;
    }
    await link.replaceTrack(track);
  }

  /** The blurred camera goes (the camera itself stopped or dropped). */
  dropBlur(): void {
    this.blurred?.stop();
    this.blurred = null;
  }

  stop(): void {
    this.denoised?.stop();
    this.denoised = null;
    this.dropBlur();
  }
}
