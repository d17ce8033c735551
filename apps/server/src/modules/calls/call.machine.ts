import { CallAction, type CallEndReason, type CallRecordStatus, type ErrorName } from '@parley/protocol';

/**
 * The one-to-one call state machine as data. States: ringing → connected → ended (ended is final).
 * Events come from a party (with its role) or from the server (timeout, drop, limit). A group call
 * adds members to the same states; the transitions of a member stay these.
 */
export type CallEvent = 'cancel' | 'accept' | 'reject' | 'hangup' | 'timeout' | 'drop' | 'limit';
export type Role = 'caller' | 'callee' | 'server';

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

type Table = Partial<Record<CallRecordStatus, Partial<Record<CallEvent, Partial<Record<Role, Transition>>>>>>;

const TABLE: Table = {
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
};

/** The next state, or the error to answer (the call moved on, or this role may not do that). */
export function transition(status: CallRecordStatus, event: CallEvent, role: Role): Transition | ErrorName {
  const byRole = TABLE[status]?.[event];
  if (!byRole) return 'callStateChanged';
  return byRole[role] ?? 'forbidden';
}
