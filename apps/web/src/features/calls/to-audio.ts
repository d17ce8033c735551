import { CallLimits } from '@parley/protocol';
import { socket } from '../../lib/realtime';
import { CallEngineError, EngineError } from './engine-errors';
import type { TrackEffects } from './effects';
import { useCallStore } from './store';

const set = useCallStore.setState;
const get = useCallStore.getState;

/** Video → audio only in a one-to-one call (audio → video is not offered). */
export async function switchToAudio(type: 1, effects: TrackEffects): Promise<void> {
  const s = get();
  if (s.mediaType === 1 || !s.call || s.groupID !== null || type !== 1)
    throw new CallEngineError(EngineError.switchToAudio, 'errors.switchToAudio');
  set({ loading: { ...s.loading, switch: true } });
  try {
    await socket.send('call.switchMedia', { v: CallLimits.version, callId: s.call.callId, type: 1 });
    dropVideo(effects);
  } catch {
    throw new CallEngineError(EngineError.switchToAudio, 'errors.switchToAudio');
  } finally {
    set({ loading: { ...get().loading, switch: false } });
  }
}

/** The camera stops and leaves the call (blur with it); the view goes back to audio. */
export function dropVideo(effects: TrackEffects): void {
  effects.dropBlur();
  set({ blurActive: false, localPreview: null });
  for (const t of get().localStream?.getVideoTracks() ?? []) {
    t.stop();
    get().localStream?.removeTrack(t);
  }
  set({ mediaType: 1, cameraOn: false, bigView: 'local' });
}
