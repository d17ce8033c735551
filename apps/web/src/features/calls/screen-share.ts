import type { TrackSender } from './devices';
import type { GroupMedia } from './group-media';
import { useCallStore } from './store';

const set = useCallStore.setState;
const get = useCallStore.getState;

/**
 * Screen sharing for both call kinds: in a group call the screen is a third section of the
 * publishing connection (the others get it as its own tile); in a one-to-one video call it goes
 * out instead of the camera, which comes back (blurred, if blur is on) when sharing stops. The
 * browser's own "stop sharing" ends it too.
 */
export class ScreenShare {
  constructor(
    private readonly link: () => TrackSender | null,
    private readonly media: () => GroupMedia | null,
  ) {}

  async start(): Promise<void> {
    const s = get();
    if (s.phase !== 'connected' || s.localScreen || !navigator.mediaDevices?.getDisplayMedia) return;
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = stream.getVideoTracks()[0];
    const media = this.media();
    const link = this.link();
    if (!track || (!media && !link) || get().phase !== 'connected') {
      for (const t of stream.getTracks()) t.stop();
      return;
    }
    track.addEventListener('ended', () => void this.stop());
    set({ localScreen: stream });
    if (media) await media.client.addScreen(track);
    else await link!.replaceTrack(track);
  }

  async stop(): Promise<void> {
    const stream = get().localScreen;
    if (!stream) return;
    set({ localScreen: null });
    for (const t of stream.getTracks()) t.stop();
    const media = this.media();
    if (media) return media.client.removeScreen().catch(() => undefined);
    const s = get();
    const camera = (s.localPreview ?? s.localStream)?.getVideoTracks()[0];
    if (camera) await this.link()?.replaceTrack(camera);
  }

  /** The call ended: the capture stops (the store is reset by the engine). */
  close(): void {
    for (const t of get().localScreen?.getTracks() ?? []) t.stop();
  }
}
