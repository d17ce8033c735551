import { charLength, Limits, utf8Length } from '@parley/protocol';

export { clampChars } from '../../lib/text';

/** Remark check: at most 16 characters and 96 bytes. Returns the i18n key of the problem. */
export function remarkProblem(remark: string): 'remarkTooLong' | 'remarkTooManyBytes' | null {
  const s = remark.trim();
  if (charLength(s) > Limits.remark) return 'remarkTooLong';
  if (utf8Length(s) > Limits.remarkBytes) return 'remarkTooManyBytes';
  return null;
}

/** Display name of a person: the remark wins over the nickname, then the id. */
export const nameOf = (p: {
  remark?: string;
  nickName?: string;
  nick?: string;
  wtId?: string;
  userID?: string;
}): string => p.remark?.trim() || p.nickName?.trim() || p.nick?.trim() || p.wtId || p.userID || '';
