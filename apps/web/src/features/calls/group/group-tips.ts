import { CallLimits, type CallInfo, type CallMemberState } from '@parley/protocol';
import i18n from '../../../lib/i18n';

/** A tip of the call window as an i18n key (calls namespace) with its values. */
export interface GroupCallTip {
  key: string;
  values?: Record<string, string>;
}

/** The parts whose change is told, in the order they are told when several change at once. */
const TOLD: readonly CallMemberState[] = ['rejected', 'busy', 'timeout', 'left'];

/** A tip that is not about a change of parts: another call in the group, or the call is full. */
export const groupCallTips = {
  exists: { key: 'groupCall.tips.exists' },
  full: { key: 'groupCall.tips.full', values: { count: String(CallLimits.groupMax) } },
} as const satisfies Record<string, GroupCallTip>;

/**
 * The tip for two consecutive states of one group call: the people (not the reader) whose part has
 * just become rejected, busy, timeout or left, named in one tip ('{users} Reject Call', …) with the
 * language's list separator. The first state seen (prev null, or another call) tells nothing: the
 * parts it shows changed before the reader was there.
 */
export function groupCallTip(prev: CallInfo | null, next: CallInfo, meWtId: string): GroupCallTip | null {
  if (!prev || prev.callId !== next.callId) return null;
  const before = new Map(prev.members.map((m) => [m.wtId, m.state]));
  for (const state of TOLD) {
    const names = next.members
      .filter((m) => m.wtId !== meWtId && m.state === state && before.get(m.wtId) !== state)
      .map((m) => m.nickName.trim() || m.wtId);
    if (names.length > 0) {
      const users = names.join(i18n.t('calls:groupCall.listSeparator'));
      return { key: `groupCall.tips.${state}`, values: { users } };
    }
  }
  return null;
}
