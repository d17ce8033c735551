import type { ErrorName } from '@parley/protocol';
import { definePolicy } from './policy.js';

/**
 * Who may do what with one-to-one calls. Services load the facts (the peer and the friends
 * relation, the call row, the connection a frame came from); the state machine (modules/calls/
 * call.machine.ts) decides which transitions exist.
 */

/** Facts about the user being called. */
export interface CallTargetFacts {
  peerId: number | undefined;
  /** The friends engine's refusal to let the caller message the peer (blacklist → 20007), or null. */
  messageRefusal: ErrorName | null;
  isFriend: boolean;
}

/** A call as loaded for an action, and where the frame came from. */
export interface CallFacts {
  call: { callerId: number; calleeId: number; callerConn: string; calleeConn: string | null } | undefined;
  connectionId: string;
}

const isParty = (userId: number, f: CallFacts) =>
  f.call !== undefined && (f.call.callerId === userId || f.call.calleeId === userId);

/** Facts about the peer a call-time record names (/media/call). */
export interface CallRecordFacts {
  peerId: number | undefined;
}

/** The peer exists and is not oneself: the one rule a call and a call-time record share. */
const callablePeer = (userId: number, peerId: number | undefined) => {
  if (peerId === undefined) return 'userNotFound' as const;
  if (peerId === userId) return 'callSelf' as const;
  return true as const;
};

export const callsPolicy = definePolicy({
  /** Start a call: the peer exists, is not oneself, neither side blocks the other, and they are friends. */
  'call.start': (actor, f: CallTargetFacts) => {
    const peer = callablePeer(actor.userId, f.peerId);
    if (peer !== true) return peer;
    if (f.messageRefusal) return f.messageRefusal;
    return f.isFriend ? true : 'callNotFriend';
  },
  /** Record a connected outgoing call's time (the daily limit): the peer exists and is not oneself. */
  'call.record': (actor, f: CallRecordFacts) => callablePeer(actor.userId, f.peerId),
  /** See or act on a call (state changes): only its two parties; to anyone else it does not exist. */
  'call.act': (actor, f: CallFacts) => (isParty(actor.userId, f) ? true : 'callNotFound'),
  /**
   * Relay SDP/ICE: a party, from the very tab that holds the call on its side (the caller's tab,
   * the callee's accepting tab). Another tab of a party, or a stranger, cannot inject media offers.
   */
  'call.signal': (actor, f: CallFacts) => {
    if (!isParty(actor.userId, f)) return 'callNotFound';
    const holder = f.call!.callerId === actor.userId ? f.call!.callerConn : f.call!.calleeConn;
    return holder === f.connectionId ? true : 'forbidden';
  },
});
