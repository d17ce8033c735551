import { afterEach, describe, expect, it, vi } from 'vitest';
import { setVideoDisplayMode, setVideoQuality, setVideoResolution } from './settings';
import { useCallPrefs } from './prefs';
import { useCallStore } from './store';

afterEach(() => {
  useCallStore.setState({ localStream: null });
  useCallPrefs.setState({ resolution: '480p', displayMode: 'cover' });
});

describe('call kit setters', () => {
  it('refuse values outside their lists with the kit messages', async () => {
    expect(() => setVideoDisplayMode('stretch')).toThrow(
      'API setVideoDisplayMode: mode error, only be contain, cover, fill',
    );
    expect(() => setVideoResolution('4k')).toThrow(
      'API setVideoResolution: resolution error, only be 480p, 720p, 1080p',
    );
    await expect(setVideoQuality('4k')).rejects.toThrow(
      'API setVideoQuality: quality error, only be 480p, 720p, 1080p',
    );
    expect(useCallPrefs.getState().resolution).toBe('480p');
  });

  it('setVideoQuality asks the camera of the call in progress for that height, and keeps it for the next calls', async () => {
    const applyConstraints = vi.fn(() => Promise.resolve());
    const track = { kind: 'video', applyConstraints } as unknown as MediaStreamTrack;
    useCallStore.setState({ localStream: { getVideoTracks: () => [track] } as unknown as MediaStream });
    await setVideoQuality('1080p');
    expect(applyConstraints).toHaveBeenCalledWith({ height: { ideal: 1080 } });
    expect(useCallPrefs.getState().resolution).toBe('1080p');
  });
});
