import { useCallStore, type CallState } from './store';

const set = (patch: Partial<CallState>) => useCallStore.setState(patch);

// The call kit's setters (docs/calls.md), validated with the kit's messages.

export function setVideoDisplayMode(mode: string): void {
  if (!['contain', 'cover', 'fill'].includes(mode))
    throw new Error('API setVideoDisplayMode: mode error, only be contain, cover, fill');
  set({ displayMode: mode as CallState['displayMode'] });
}

export function setVideoResolution(resolution: string): void {
  if (!['480p', '720p', '1080p'].includes(resolution))
    throw new Error('API setVideoResolution: resolution error, only be 480p, 720p, 1080p');
  set({ resolution: resolution as CallState['resolution'] });
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
