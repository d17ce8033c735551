/** A user's membership as stored: vipType 1 = member; `until` its end (0: none, or no end). */
export interface Membership {
  vipType: number;
  vipLevel: number;
  until: number;
}

export const DAY_MS = 24 * 3600 * 1000;

/** Whether the membership still holds at `now` (an end at or before `now` has lapsed). */
export function isMember(m: Membership, now: number): boolean {
  return m.vipType !== 0 && (m.until === 0 || m.until > now);
}

/**
 * The membership after redeeming a code of `level` for `days` at `now`: the higher of the two
 * levels, and the days added after the current end (or after now, for a non-member or a lapsed
 * one). A membership without an end (an operator's grant) keeps none. Never shorter, never lower.
 */
export function redeemed(
  current: Membership,
  code: { level: number; days: number },
  now: number,
): Membership {
  const active = isMember(current, now);
  const level = active ? Math.max(current.vipLevel, code.level) : code.level;
  if (active && current.until === 0) return { vipType: 1, vipLevel: level, until: 0 };
  const from = active ? current.until : now;
  return { vipType: 1, vipLevel: level, until: from + code.days * DAY_MS };
}
