import { CallEngineError, EngineError } from './engine-errors';
import { QUALITY_HEIGHT } from './settings';
import { prefs, setPrefs, type DeviceLists } from './prefs';
import { useCallStore } from './store';

const set = (patch: Partial<ReturnType<typeof useCallStore.getState>>) => useCallStore.setState(patch);
const get = () => useCallStore.getState();

/** The devices of each kind (labels once the user allowed media), stored for the device menus. */
export async function getDeviceList(): Promise<DeviceLists> {
  const all = await navigator.mediaDevices.enumerateDevices();
  const pick = (kind: MediaDeviceKind) =>
    all.filter((d) => d.kind === kind).map((d) => ({ deviceId: d.deviceId, label: d.label }));
  const prev = prefs().devices.current;
  const lists = {
    camera: pick('videoinput'),
    microphone: pick('audioinput'),
    speaker: pick('audiooutput'),
  };
  const keep = (list: { deviceId: string }[], id: string) =>
    list.some((d) => d.deviceId === id) ? id : (list[0]?.deviceId ?? '');
  const devices: DeviceLists = {
    ...lists,
    current: {
      camera: keep(lists.camera, prev.camera),
      microphone: keep(lists.microphone, prev.microphone),
      speaker: keep(lists.speaker, prev.speaker),
    },
  };
  setPrefs({ devices });
  return devices;
}

/** What sends a new camera or microphone track to the peer (the peer link, or an effect in front of it). */
export interface TrackSender {
  replaceTrack(track: MediaStreamTrack): Promise<void>;
}

/**
 * Uses another camera, microphone or speaker during the call. The new camera or microphone keeps
 * the on/off state of the one it replaces (a muted microphone stays muted). When the picked one
 * cannot be opened (unplugged, busy, refused), the one in use stays and this rejects with
 * `errors.switchDevice`, which the device menu shows.
 */
export async function switchDevice(
  link: TrackSender | null,
  type: 'camera' | 'microphone' | 'speaker',
  deviceId: string,
): Promise<void> {
  if (!['camera', 'microphone', 'speaker'].includes(type) || typeof deviceId !== 'string' || !deviceId) {
    throw new Error('API switchDevice: deviceType error, only be camera, microphone, speaker');
  }
  const current = { ...prefs().devices.current, [type]: deviceId };
  if (type !== 'speaker') {
    const kind = type === 'camera' ? 'video' : 'audio';
    const stream = get().localStream;
    if (stream && stream.getTracks().some((t) => t.kind === kind)) {
      let fresh: MediaStream;
      try {
        fresh = await navigator.mediaDevices.getUserMedia(
          kind === 'video'
            ? { video: { deviceId: { exact: deviceId } } }
            : { audio: { deviceId: { exact: deviceId } } },
        );
      } catch {
        throw new CallEngineError(EngineError.switchDevice, 'errors.switchDevice');
      }
      const track = fresh.getTracks()[0]!;
      track.enabled = kind === 'audio' ? get().micOn : get().cameraOn;
      for (const old of stream.getTracks().filter((t) => t.kind === kind)) {
        old.stop();
        stream.removeTrack(old);
      }
      stream.addTrack(track);
      await link?.replaceTrack(track);
      set({ localStream: new MediaStream(stream.getTracks()) });
    }
  }
  setPrefs({ devices: { ...prefs().devices, current } });
}

/** The next camera (front/back on phones). */
export async function switchCamera(link: TrackSender | null): Promise<void> {
  const { camera, current } = await getDeviceList();
  if (camera.length < 2) return;
  const i = camera.findIndex((c) => c.deviceId === current.camera);
  await switchDevice(link, 'camera', camera[(i + 1) % camera.length]!.deviceId);
}

/** The camera and microphone for a call (type 2: video), with the kit's errors and permission tip. */
export async function localMedia(type: 1 | 2): Promise<MediaStream> {
  const height = QUALITY_HEIGHT[prefs().resolution];
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { noiseSuppression: true, echoCancellation: true },
      video: type === 2 ? { height: { ideal: height } } : false,
    });
  } catch (err) {
    const name = (err as DOMException).name;
    if (name === 'NotAllowedError') {
      set({ permissionTip: type === 2 ? 'camera' : 'microphone' });
      throw new CallEngineError(
        EngineError.deviceDenied,
        type === 2 ? 'errors.noCameraAccess' : 'errors.noMicAccess',
      );
    }
    if (name === 'NotFoundError') {
      throw new CallEngineError(
        type === 2 ? EngineError.noCamera : EngineError.noMic,
        type === 2 ? 'errors.noCamera' : 'errors.noMic',
      );
    }
    throw new CallEngineError(EngineError.deviceDenied, 'errors.deviceDenied');
  }
}

/** Mutes or unmutes this tab's microphone or camera (ignored while that button is busy). */
export function toggleTrack(kind: 'audio' | 'video', on: boolean): void {
  const key = kind === 'audio' ? 'mic' : 'camera';
  if (get().loading[key]) return;
  for (const t of get().localStream?.getTracks() ?? []) if (t.kind === kind) t.enabled = on;
  set(kind === 'audio' ? { micOn: on } : { cameraOn: on });
}
