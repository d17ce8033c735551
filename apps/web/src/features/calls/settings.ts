import { setPrefs as set, type DisplayMode, type Resolution } from './prefs';
import { useCallStore } from './store';

// The call kit's setters (docs/calls.md), validated with the kit's messages.

export function setVideoDisplayMode(mode: string): void {
  if (!['contain', 'cover', 'fill'].includes(mode))
    throw new Error('API setVideoDisplayMode: mode error, only be contain, cover, fill');
  set({ displayMode: mode as DisplayMode });
}

export function setVideoResolution(resolution: string): void {
  if (!['480p', '720p', '1080p'].includes(resolution))
    throw new Error('API setVideoResolution: resolution error, only be 480p, 720p, 1080p');
  set({ resolution: resolution as Resolution });
}

/** Camera heights of the video qualities (devices.ts asks for the same when a call starts). */
export const QUALITY_HEIGHT = { '480p': 480, '720p': 720, '1080p': 1080 } as const;

/**
 * setVideoQuality: the camera's quality now (the track of the call in progress is asked for that
 * height) and for the next calls.
 */
export async function setVideoQuality(quality: string): Promise<void> {
  if (!(quality in QUALITY_HEIGHT))
    throw new Error('API setVideoQuality: quality error, only be 480p, 720p, 1080p');
  const q = quality as keyof typeof QUALITY_HEIGHT;
  set({ resolution: q });
  const track = useCallStore.getState().localStream?.getVideoTracks()[0];
  // A camera that cannot give that height keeps its current one.
  await track?.applyConstraints({ height: { ideal: QUALITY_HEIGHT[q] } }).catch(() => undefined);
}

export function enableFloatWindow(on: boolean): void {
  set({ enableFloatWindow: !!on });
}

/** A bell file must answer HEAD with 200 and audio/mpeg, else it is ignored. */
export async function setCallingBell(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD' });
    if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('audio/mpeg')) return false;
    set({ callingBell: url });
    return true;
  } catch {
    return false;
  }
}
