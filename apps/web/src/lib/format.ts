/** Time and size formatting: chat time display and file sizes (docs/web.md). */

export interface TimeLabels {
  /** e.g. '昨天' / 'Yesterday' */
  yesterday: string;
  /** Sunday first, like Date#getDay. */
  weekdays: readonly string[];
}

export const ZH_TIME_LABELS: TimeLabels = {
  yesterday: '昨天',
  weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
};

/** Accepts unix seconds (message time), milliseconds or a Date. */
export function toDate(value: number | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value < 1e12 ? value * 1000 : value);
}

const pad = (n: number) => String(n).padStart(2, '0');

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Whole calendar days between the two dates' local midnights (DST-safe). */
function dayDiff(from: Date, to: Date): number {
  return Math.round((startOfDay(to) - startOfDay(from)) / 86_400_000);
}

/**
 * Today: HH:mm. Yesterday: the 'yesterday' label. Within the last week: the weekday name. Earlier
 * this year: M/D. Earlier years: YYYY/M/D. With `withTime`, non-today values get ' HH:mm' appended
 * (message time separators).
 */
export function formatTime(
  value: number | Date,
  labels: TimeLabels = ZH_TIME_LABELS,
  opts: { now?: number | Date; withTime?: boolean } = {},
): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const now = opts.now === undefined ? new Date() : toDate(opts.now);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const diff = dayDiff(d, now);
  const suffix = opts.withTime ? ` ${hm}` : '';
  if (diff <= 0) return hm;
  if (diff === 1) return `${labels.yesterday}${suffix}`;
  if (diff < 7) return `${labels.weekdays[d.getDay()] ?? ''}${suffix}`;
  const md = `${d.getMonth() + 1}/${d.getDate()}`;
  if (d.getFullYear() === now.getFullYear()) return `${md}${suffix}`;
  return `${d.getFullYear()}/${md}${suffix}`;
}

/** Call duration and timers: hh:mm:ss. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** File size in B, KB, MB or GB (bytes, not bits); KB and up with two decimals. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0B';
  if (bytes < 1024) return `${Math.round(bytes)}B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(2)}KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(2)}MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)}GB`;
}
