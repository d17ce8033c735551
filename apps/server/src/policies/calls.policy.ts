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

export const callsPolicy = definePolicy({
  /** Start a call: the peer exists, is not oneself, neither side blocks the other, and they are friends. */
  'call.start': (actor, f: CallTargetFacts) => {
    if (f.peerId === undefined) return 'userNotFound';
    if (f.peerId === actor.userId) return 'callSelf';
    if (f.messageRefusal) return f.messageRefusal;
    return f.isFriend ? true : 'callNotFriend';
  },
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
