/** SPEC image preview: wheel zoom 0.125–4 in steps of 0.1, pinch 0.5–4, swipe over 100 px navigates. */
export const ZOOM = { min: 0.125, max: 4, step: 0.1, pinchMin: 0.5, pinchMax: 4, swipePx: 100 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1000) / 1000;

/** The zoom after one wheel notch (deltaY < 0 zooms in). */
export function wheelZoom(scale: number, deltaY: number): number {
  return round(clamp(scale + (deltaY < 0 ? ZOOM.step : -ZOOM.step), ZOOM.min, ZOOM.max));
}

/** The zoom of a pinch: the start zoom times the ratio of finger distances. */
export function pinchZoom(start: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return start;
  return round(clamp(start * (distance / startDistance), ZOOM.pinchMin, ZOOM.pinchMax));
}

/** −1 (previous), +1 (next) or 0 for a horizontal swipe of `dx` px. */
export function swipeStep(dx: number): -1 | 0 | 1 {
  if (dx > ZOOM.swipePx) return -1;
  if (dx < -ZOOM.swipePx) return 1;
  return 0;
}

/** Image formats that may be saved (SPEC: jpg, gif, png, bmp) by their imageFormat code. */
export const SAVABLE: Readonly<Record<number, string>> = { 1: 'jpg', 2: 'gif', 3: 'png', 4: 'bmp' };
