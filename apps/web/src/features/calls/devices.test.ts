import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchDevice } from './devices';
import { CallEngineError, EngineError } from './engine-errors';
import { useCallPrefs } from './prefs';
import { useCallStore } from './store';

// The browser's media devices are the outside world here: getUserMedia answers as a device would.
const initial = useCallStore.getState();
const initialPrefs = useCallPrefs.getState();
afterEach(() => {
  useCallStore.setState(initial);
  useCallPrefs.setState(initialPrefs);
  vi.unstubAllGlobals();
});

function track(kind: 'audio' | 'video', id: string) {
  return { kind, id, stop: vi.fn() } as unknown as MediaStreamTrack & { stop: ReturnType<typeof vi.fn> };
}

function inCall(old: MediaStreamTrack) {
  const tracks = [old];
  const stream = {
    getTracks: () => [...tracks],
    addTrack: (t: MediaStreamTrack) => tracks.push(t),
    removeTrack: (t: MediaStreamTrack) => tracks.splice(tracks.indexOf(t), 1),
  } as unknown as MediaStream;
  const devices = {
    ...initialPrefs.devices,
    current: { ...initialPrefs.devices.current, microphone: 'mic-a' },
  };
  useCallStore.setState({ localStream: stream });
  useCallPrefs.setState({ devices });
}

/** getUserMedia opens `fresh` (a stream that holds only it). */
function opensDevice(fresh: MediaStreamTrack): void {
  vi.stubGlobal('navigator', {
    mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [fresh] })) },
  });
  vi.stubGlobal(
    'MediaStream',
    class {
      constructor(private readonly list: MediaStreamTrack[]) {}
      getTracks() {
        return this.list;
      }
    },
  );
}

describe('switchDevice', () => {
  it('keeps the microphone in use and says so when the picked one cannot be opened', async () => {
    const old = track('audio', 'a');
    inCall(old);
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: vi.fn(() => Promise.reject(new Error('NotReadableError'))) },
    });
    const err = await switchDevice(null, 'microphone', 'mic-b').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallEngineError);
    expect(err).toMatchObject({ code: EngineError.switchDevice, key: 'errors.switchDevice' });
    expect(useCallPrefs.getState().devices.current.microphone).toBe('mic-a');
    expect(old.stop).not.toHaveBeenCalled();
    expect(useCallStore.getState().localStream!.getTracks()).toEqual([old]);
  });

  it('moves to the picked microphone when it opens, stopping the old one', async () => {
    const old = track('audio', 'a');
    const fresh = track('audio', 'b');
    inCall(old);
    opensDevice(fresh);
    await switchDevice(null, 'microphone', 'mic-b');
    expect(useCallPrefs.getState().devices.current.microphone).toBe('mic-b');
    expect(old.stop).toHaveBeenCalled();
    expect(useCallStore.getState().localStream!.getTracks()).toEqual([fresh]);
  });

  it.each([
    [false, false],
    [true, true],
  ])(
    'sends the picked microphone on or off as the one before (micOn %s → enabled %s)',
    async (micOn, enabled) => {
      const old = track('audio', 'a');
      const fresh = track('audio', 'b');
      inCall(old);
      useCallStore.setState({ micOn });
      opensDevice(fresh);
      const sent: MediaStreamTrack[] = [];
      await switchDevice({ replaceTrack: async (t) => void sent.push(t) }, 'microphone', 'mic-b');
      expect(sent).toEqual([fresh]);
      expect(fresh.enabled).toBe(enabled);
    },
  );
});
