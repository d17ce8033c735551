import {
  CallAction,
  type CallEndReason,
  type CallMemberState,
  type CallRecordStatus,
  type ErrorName,
} from '@parley/protocol';

/**
 * The call state machine as data, in one table with two parts. `call`: the record of a call, one-to-one
 * or group — ringing → connected → ended (ended is final); events come from a party (with its role) or
 * from the server (timeout, drop, limit). `member`: one person's part in a group call — none (not in
 * it yet) → ringing → joined → left, or rejected / timeout / busy / canceled; events come from the
 * person (`member`) or the server (invitations, timeouts, drops, the limit, removal from the group).
 * A group call's record moves by the members: connected when a second person joins, ended when the
 * last joined person leaves (or, before that, when no ring is left).
 */
export type CallEvent =
  | 'cancel'
  | 'accept'
  | 'reject'
  | 'hangup'
  | 'timeout'
  | 'drop'
  | 'limit'
  | 'invite'
  | 'busy'
  | 'join'
  | 'remove';
export type Role = 'caller' | 'callee' | 'server' | 'member';
export type MemberStatus = CallMemberState | 'none';

export interface Transition {
  status: CallRecordStatus;
  endReason: CallEndReason | null;
  /** The action code announced in `call.updated`. */
  action: number;
}

const end = (endReason: CallEndReason, action: number): Transition => ({
  status: 'ended',
  endReason,
  action,
});

export interface MemberTransition {
  state: CallMemberState;
  /** The action code announced in `call.updated` (with the member's userID). */
  action: number;
}

type Part<S extends string, T> = Partial<Record<S, Partial<Record<CallEvent, Partial<Record<Role, T>>>>>>;
interface Table {
  call: Part<CallRecordStatus, Transition>;
  member: Part<MemberStatus, MemberTransition>;
}

const to = (state: CallMemberState, action: number): MemberTransition => ({ state, action });
/** Out of the call (or never in it): invited again, or joining from the group chat's banner. */
const outside = {
  invite: { server: to('ringing', CallAction.invite) },
  busy: { server: to('busy', CallAction.busy) },
  join: { member: to('joined', CallAction.accept) },
};

const TABLE: Table = {
  call: {
    ringing: {
      cancel: { caller: end('cancel', CallAction.cancel) },
      hangup: { caller: end('cancel', CallAction.cancel), callee: end('reject', CallAction.reject) },
      accept: { callee: { status: 'connected', endReason: null, action: CallAction.accept } },
      reject: { callee: end('reject', CallAction.reject) },
      timeout: { server: end('timeout', CallAction.timeout) },
      // The caller's tab went away while ringing: the invitation is withdrawn.
      drop: { server: end('cancel', CallAction.cancel) },
    },
    connected: {
      hangup: { caller: end('hangup', CallAction.hangup), callee: end('hangup', CallAction.hangup) },
      drop: { server: end('dropped', CallAction.dropped) },
      limit: { server: end('limit', CallAction.limit), caller: end('limit', CallAction.limit) },
    },
  },
  member: {
    none: outside,
    ringing: {
      accept: { member: to('joined', CallAction.accept) },
      reject: { member: to('rejected', CallAction.reject) },
      hangup: { member: to('rejected', CallAction.reject) },
      timeout: { server: to('timeout', CallAction.timeout) },
      // The call ended while this person's invitation was still ringing, or they left the group.
      cancel: { server: to('canceled', CallAction.cancel) },
      remove: { server: to('canceled', CallAction.cancel) },
    },
    joined: {
      hangup: { member: to('left', CallAction.hangup) },
      drop: { server: to('left', CallAction.dropped) },
      limit: { server: to('left', CallAction.limit) },
      remove: { server: to('left', CallAction.hangup) },
    },
    left: outside,
    rejected: outside,
    timeout: outside,
    busy: outside,
    canceled: outside,
  },
};

/** The next state, or the error to answer (the call moved on, or this role may not do that). */
export function transition(status: CallRecordStatus, event: CallEvent, role: Role): Transition | ErrorName {
  const byRole = TABLE.call[status]?.[event];
  if (!byRole) return 'callStateChanged';
  return byRole[role] ?? 'forbidden';
}

/** A group-call member's next state, or the error to answer (their part moved on, or not theirs to do). */
export function memberTransition(
  state: MemberStatus,
  event: CallEvent,
  role: 'member' | 'server',
): MemberTransition | ErrorName {
  const byRole = TABLE.member[state]?.[event];
  if (!byRole) return 'callStateChanged';
  return byRole[role] ?? 'forbidden';
}
