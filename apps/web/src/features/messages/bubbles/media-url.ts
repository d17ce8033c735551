/** The http(s) or same-site URL of a media field, or '' (never javascript: or other schemes). */
export function safeUrl(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  if (v.startsWith('blob:')) return v;
  if (/^\/(?!\/)/.test(v)) return v;
  return /^https?:\/\//i.test(v) ? v : '';
}

export const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Displayed size of media no wider or taller than `max` CSS px, keeping the ratio. */
export function fitBox(
  width: number,
  height: number,
  max: number,
): { width: number; height: number } | undefined {
  if (!width || !height) return undefined;
  const k = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * k), height: Math.round(height * k) };
}

/** The parsed `data` JSON of a custom message ({} when none). */
export function customData(payload: Record<string, unknown>): Record<string, unknown> {
  try {
    const d = JSON.parse(str(payload.data)) as unknown;
    return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
