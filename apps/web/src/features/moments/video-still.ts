/** Longest side of a video's still, in pixels. */
const STILL_PX = 640;

/**
 * A PNG of the video's first frame (its cover in the feed), made in the browser; null when the
 * browser cannot decode the video or draw it (the moment is then posted without a cover).
 */
export function videoStill(file: File, timeoutMs = 5000): Promise<File | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let done = false;
    const finish = (out: File | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(out);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.muted = true;
    video.preload = 'auto';
    video.onerror = () => finish(null);
    video.onloadeddata = () => {
      video.currentTime = Math.min(0.1, video.duration || 0);
    };
    video.onseeked = () => {
      const scale = Math.min(1, STILL_PX / Math.max(video.videoWidth, video.videoHeight, 1));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx || !video.videoWidth) return finish(null);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => finish(blob ? new File([blob], 'still.png', { type: 'image/png' }) : null),
        'image/png',
      );
    };
    video.src = url;
  });
}
