/** Facts about a video taken in the browser before upload: a JPEG snapshot, its size and the duration. */
export interface VideoFacts {
  snapshot: Blob | null;
  width: number;
  height: number;
  second: number;
}

export function videoFacts(file: Blob): Promise<VideoFacts> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    let settled = false;
    const finish = (facts: VideoFacts) => {
      if (settled) return;
      settled = true;
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    const fallback = () => finish({ snapshot: null, width: 0, height: 0, second: 0 });
    const timer = setTimeout(fallback, 8000);
    video.onerror = () => {
      clearTimeout(timer);
      fallback();
    };
    // A recording from MediaRecorder (WebM) carries no duration: the browser reports Infinity until
    // it has read to the end. Seeking far past the end makes it find the real one, then the snapshot
    // is taken near the start.
    let measuring = false;
    video.onloadeddata = () => {
      if (!Number.isFinite(video.duration)) {
        measuring = true;
        video.currentTime = Number.MAX_SAFE_INTEGER;
        return;
      }
      video.currentTime = Math.min(0.1, (video.duration || 1) / 2);
    };
    video.onseeked = () => {
      if (measuring) {
        measuring = false;
        video.currentTime = Math.min(0.1, Number.isFinite(video.duration) ? video.duration / 2 : 0);
        return;
      }
      clearTimeout(timer);
      const width = video.videoWidth;
      const height = video.videoHeight;
      const second = Number.isFinite(video.duration) ? Math.max(1, Math.round(video.duration)) : 0;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx || !width || !height) return finish({ snapshot: null, width, height, second });
      ctx.drawImage(video, 0, 0, width, height);
      canvas.toBlob((blob) => finish({ snapshot: blob, width, height, second }), 'image/jpeg', 0.8);
    };
    video.src = url;
  });
}

/** Display width of a name: wide (CJK, full-width, emoji) characters count 2. */
export function widthUnits(s: string): number {
  let n = 0;
  for (const ch of s)
    n +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u.test(
        ch,
      )
        ? 2
        : 1;
  return n;
}

/** A file chip's name: cut after `max` width units with an ellipsis. */
export function truncateName(s: string, max = 16): string {
  if (widthUnits(s) <= max) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    const w = widthUnits(ch);
    if (n + w > max) break;
    out += ch;
    n += w;
  }
  return `${out}…`;
}
