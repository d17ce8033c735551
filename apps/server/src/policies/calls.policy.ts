import { CallLimits, type ErrorName } from '@parley/protocol';
import { definePolicy, type Decision } from './policy.js';

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
  call:
    | {
        callerId: number;
        calleeId: number;
        callerConn: string;
        calleeConn: string | null;
        /** A one-to-one call the callee accepted (it connected at some point). */
        answered?: boolean;
      }
    | undefined;
  connectionId: string;
  /** A group call's people (anyone ever invited or joined) and the connection holding each joined one. */
  members?: { userId: number; state: string; conn: string | null }[];
}

const isParty = (userId: number, f: CallFacts) =>
  f.call !== undefined && (f.call.callerId === userId || f.call.calleeId === userId);

/** How the two people of a one-to-one call stand now, as the callee sees the caller. */
export interface AnswerFacts {
  /** The callee has the caller in their blacklist. */
  iBlock: boolean;
  /** The caller has the callee in their blacklist. */
  blocksMe: boolean;
}

/** The group a group call belongs to, as the actor stands in it. */
export interface GroupSideFacts {
  /** false: no such group, or dissolved. */
  groupActive: boolean;
  /** The actor is a current member of the group. */
  isMember: boolean;
}

/** Whom an invitation (starting a group call, or `inviteUser`) names. */
export interface InviteeFacts {
  /** How many people are named (oneself and duplicates left out). */
  count: number;
  /** Someone named is not a current member of the group (or no such user). */
  outsider: boolean;
  /** Someone named already rings or is joined in this call. */
  alreadyIn: boolean;
  /** People ringing or joined now (0 for a new call: the caller is added to `count + 1`). */
  live: number;
}

/** A group call as loaded for a start, a join or an invitation. */
export interface GroupCallFacts extends GroupSideFacts {
  /** The group's call that is not over: its status, and how the actor stands in it. */
  call:
    | { status: 'ringing' | 'connected'; isCaller: boolean; myState: string | null; joined: number }
    | undefined;
  /** For a join: the room ID the client named matches the call's. */
  roomMatches?: boolean;
}

const inGroup = (f: GroupSideFacts): Decision =>
  !f.groupActive ? 'groupNotFound' : f.isMember ? true : 'groupCallNotMember';

/** The invitees of a start or an invitation: someone, at most 8 at once, members, not in already, room left. */
const invitees = (i: InviteeFacts, liveAfter: number): Decision => {
  if (i.count === 0) return 'groupCallNoInvitee';
  if (i.count > CallLimits.groupInviteMax) return 'groupCallInviteLimit';
  if (i.outsider) return 'groupCallInviteeNotMember';
  if (i.alreadyIn) return 'groupCallAlreadyIn';
  return liveAfter > CallLimits.groupMax ? 'groupCallFull' : true;
};

export const callsPolicy = definePolicy({
  /** Start a call: the peer exists, is not oneself, neither side blocks the other, and they are friends. */
  'call.start': (actor, f: CallTargetFacts) => {
    if (f.peerId === undefined) return 'userNotFound';
    if (f.peerId === actor.userId) return 'callSelf';
    if (f.messageRefusal) return f.messageRefusal;
    return f.isFriend ? true : 'callNotFriend';
  },
  /** See or act on a call (state changes): only its two parties; to anyone else it does not exist. */
  'call.act': (actor, f: CallFacts) => {
    if (f.call && f.members) return f.members.some((m) => m.userId === actor.userId) ? true : 'callNotFound';
    return isParty(actor.userId, f) ? true : 'callNotFound';
  },
  /**
   * Ping a call (liveness, the call now): the caller, or someone who took part: a one-to-one callee
   * once they accepted, a group-call member joined now or before (left). Ringing is not taking part.
   */
  'call.ping': (actor, f: CallFacts) => {
    if (!f.call) return 'callNotFound';
    if (f.members) {
      const me = f.members.find((m) => m.userId === actor.userId);
      if (!me) return 'callNotFound';
      const tookPart = me.state === 'joined' || me.state === 'left' || f.call.callerId === actor.userId;
      return tookPart ? true : 'callNotJoined';
    }
    if (!isParty(actor.userId, f)) return 'callNotFound';
    return f.call.callerId === actor.userId || f.call.answered === true ? true : 'callNotJoined';
  },
  /**
   * Accept a one-to-one call: neither has blacklisted the other since it began to ring (the invite
   * checked it then); otherwise the answer names whose blacklist it is.
   */
  'call.answer': (_a, f: AnswerFacts) => {
    if (f.iBlock) return 'targetInMyBlacklist';
    return f.blocksMe ? 'blacklisted' : true;
  },
  /**
   * Relay SDP/ICE: a party, from the very tab that holds the call on its side (the caller's tab,
   * the callee's accepting tab). Another tab of a party, or a stranger, cannot inject media offers.
   */
  'call.signal': (actor, f: CallFacts) => {
    if (f.call && f.members) return 'forbidden'; // a group call's media goes through the SFU (`call.media`)
    if (!isParty(actor.userId, f)) return 'callNotFound';
    const holder = f.call!.callerId === actor.userId ? f.call!.callerConn : f.call!.calleeConn;
    return holder === f.connectionId ? true : 'forbidden';
  },
  /**
   * Media frames of a group call (publish, subscribe, answer, candidates to the SFU): a joined member,
   * from the connection holding their part.
   */
  'call.media': (actor, f: CallFacts) => {
    const me = f.members?.find((m) => m.userId === actor.userId);
    if (!f.call || !me) return 'callNotFound';
    return me.state === 'joined' && me.conn === f.connectionId ? true : 'forbidden';
  },
  /** See the group's call (the join banner): a current member of the group. */
  'groupCall.view': (_a, f: GroupSideFacts) => inGroup(f),
  /**
   * Start a group call: a member, not on another call, no call in the group yet, naming 1–8 members
   * of the group (9 with the caller).
   */
  'groupCall.start': (_a, f: GroupCallFacts & { invitees: InviteeFacts }) => {
    const member = inGroup(f);
    if (member !== true) return member;
    if (f.call) return 'groupCallExists';
    return invitees(f.invitees, f.invitees.count + 1);
  },
  /** Join the group's ongoing call from the banner: a member, the call exists (same room), room for one more. */
  'groupCall.join': (_a, f: GroupCallFacts) => {
    const member = inGroup(f);
    if (member !== true) return member;
    if (!f.call || f.roomMatches === false) return 'groupCallNotFound';
    if (f.call.myState === 'joined') return 'groupCallAlreadyIn';
    return f.call.joined >= CallLimits.groupMax ? 'groupCallFull' : true;
  },
  /**
   * Invite more members: while calling (the call or one's own part still ringing) only the caller;
   * once connected, anyone joined.
   */
  'groupCall.invite': (_a, f: GroupCallFacts & { invitees: InviteeFacts }) => {
    const member = inGroup(f);
    if (member !== true) return member;
    const state = f.call?.myState;
    if (!f.call || (state !== 'joined' && state !== 'ringing')) return 'callNotFound';
    if (!f.call.isCaller && (f.call.status === 'ringing' || state === 'ringing')) {
      return 'groupCallInviteForbidden';
    }
    return invitees(f.invitees, f.invitees.live + f.invitees.count);
  },
});
