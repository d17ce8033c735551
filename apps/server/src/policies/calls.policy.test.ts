import { describe, expect, it } from 'vitest';
import {
  callsPolicy,
  type AnswerFacts,
  type CallFacts,
  type CallTargetFacts,
  type GroupCallFacts,
  type InviteeFacts,
} from './calls.policy.js';
import { decide } from './policy.js';

// The calls rules as matrices. `call.start` guards both `call.invite` and `/media/call`: each row is
// one situation between the caller (user 1) and the target, each cell the one answer it gets. A
// changed rule changes a cell.
const ME = { userId: 1 };
const target = (patch: Partial<CallTargetFacts>): CallTargetFacts => ({
  peerId: 2,
  messageRefusal: null,
  isFriend: true,
  ...patch,
});

describe('call.start', () => {
  const rows: [string, Partial<CallTargetFacts>, true | string][] = [
    ['a friend', {}, true],
    ['no such user', { peerId: undefined, isFriend: false }, 'userNotFound'],
    ['oneself', { peerId: 1, isFriend: false }, 'callSelf'],
    // Oneself wins over anything else loaded about the target.
    ['oneself, somehow refused', { peerId: 1, messageRefusal: 'blacklisted' }, 'callSelf'],
    ['a friend who blacklisted me', { messageRefusal: 'blacklisted' }, 'blacklisted'],
    ['a friend I blacklisted', { messageRefusal: 'targetInMyBlacklist' }, 'targetInMyBlacklist'],
    ['a cancelled account', { messageRefusal: 'accountCancelled', isFriend: false }, 'accountCancelled'],
    ['a stranger', { isFriend: false }, 'callNotFriend'],
    ['a stranger who blacklisted me', { isFriend: false, messageRefusal: 'blacklisted' }, 'blacklisted'],
  ];
  it.each(rows)('%s → %s', (_name, patch, expected) => {
    expect(decide(callsPolicy, 'call.start', ME, target(patch))).toBe(expected);
  });
});

describe('call.act and call.signal', () => {
  const call = { callerId: 1, calleeId: 2, callerConn: 'c1', calleeConn: 'c2' };
  const facts = (userId: number, connectionId: string, c: CallFacts['call']) => ({
    actor: { userId },
    facts: { call: c, connectionId },
  });
  const ringing = { ...call, calleeConn: null, answered: false };
  const answered = { ...call, answered: true };
  // [who, act, signal, ping, facts]
  const rows: [string, true | string, true | string, true | string, ReturnType<typeof facts>][] = [
    ['the caller, holder tab', true, true, true, facts(1, 'c1', answered)],
    ['the caller, another tab', true, 'forbidden', true, facts(1, 'c9', answered)],
    ['the caller while ringing', true, true, true, facts(1, 'c1', ringing)],
    ['the callee, holder tab', true, true, true, facts(2, 'c2', answered)],
    ['the callee, another tab', true, 'forbidden', true, facts(2, 'c9', answered)],
    ['the callee before accepting', true, 'forbidden', 'callNotJoined', facts(2, 'c2', ringing)],
    [
      'the callee of a call never answered',
      true,
      'forbidden',
      'callNotJoined',
      facts(2, 'c2', { ...call, calleeConn: null }),
    ],
    ['a stranger', 'callNotFound', 'callNotFound', 'callNotFound', facts(3, 'c1', answered)],
    ['no such call', 'callNotFound', 'callNotFound', 'callNotFound', facts(1, 'c1', undefined)],
  ];
  it.each(rows)('%s → act %s, signal %s, ping %s', (_name, act, signal, ping, { actor, facts: f }) => {
    expect(decide(callsPolicy, 'call.act', actor, f)).toBe(act);
    expect(decide(callsPolicy, 'call.signal', actor, f)).toBe(signal);
    expect(decide(callsPolicy, 'call.ping', actor, f)).toBe(ping);
  });
});

describe('call.answer', () => {
  // The callee (the actor) accepting: how the two stand in each other's blacklist now.
  const rows: [string, AnswerFacts, true | string][] = [
    ['neither blacklisted the other', { iBlock: false, blocksMe: false }, true],
    ['the callee blacklisted the caller', { iBlock: true, blocksMe: false }, 'targetInMyBlacklist'],
    ['the caller blacklisted the callee', { iBlock: false, blocksMe: true }, 'blacklisted'],
    ['both', { iBlock: true, blocksMe: true }, 'targetInMyBlacklist'],
  ];
  it.each(rows)('%s → %s', (_name, f, expected) => {
    expect(decide(callsPolicy, 'call.answer', { userId: 2 }, f)).toBe(expected);
  });
});

describe('call.act, call.signal and call.media in a group call', () => {
  const call = { callerId: 1, calleeId: 1, callerConn: 'c1', calleeConn: null };
  const members = [
    { userId: 1, state: 'joined', conn: 'c1' },
    { userId: 2, state: 'ringing', conn: null },
    { userId: 3, state: 'left', conn: 'c3' },
    { userId: 5, state: 'rejected', conn: null },
    { userId: 6, state: 'timeout', conn: null },
    { userId: 7, state: 'busy', conn: null },
    { userId: 8, state: 'canceled', conn: null },
  ];
  const facts = (userId: number, connectionId: string): [{ userId: number }, CallFacts] => [
    { userId },
    { call, connectionId, members },
  ];
  type Cell = true | string;
  // [who, act, signal, media, ping, facts]
  const rows: [string, Cell, Cell, Cell, Cell, ReturnType<typeof facts>][] = [
    ['joined, holder tab', true, 'forbidden', true, true, facts(1, 'c1')],
    ['joined, another tab', true, 'forbidden', 'forbidden', true, facts(1, 'c9')],
    ['ringing', true, 'forbidden', 'forbidden', 'callNotJoined', facts(2, 'c2')],
    ['left (its old tab)', true, 'forbidden', 'forbidden', true, facts(3, 'c3')],
    ['rejected', true, 'forbidden', 'forbidden', 'callNotJoined', facts(5, 'c5')],
    ['timed out', true, 'forbidden', 'forbidden', 'callNotJoined', facts(6, 'c6')],
    ['busy', true, 'forbidden', 'forbidden', 'callNotJoined', facts(7, 'c7')],
    ['canceled', true, 'forbidden', 'forbidden', 'callNotJoined', facts(8, 'c8')],
    ['never in the call', 'callNotFound', 'forbidden', 'callNotFound', 'callNotFound', facts(4, 'c4')],
  ];
  it.each(rows)(
    '%s → act %s, signal %s, media %s, ping %s',
    (_name, act, signal, media, ping, [actor, f]) => {
      expect(decide(callsPolicy, 'call.act', actor, f)).toBe(act);
      expect(decide(callsPolicy, 'call.signal', actor, f)).toBe(signal);
      expect(decide(callsPolicy, 'call.media', actor, f)).toBe(media);
      expect(decide(callsPolicy, 'call.ping', actor, f)).toBe(ping);
    },
  );
  it('the caller may ping even when their own part rings again (re-invited after leaving)', () => {
    const again = [{ userId: 1, state: 'ringing', conn: null }];
    expect(
      decide(callsPolicy, 'call.ping', { userId: 1 }, { call, connectionId: 'c1', members: again }),
    ).toBe(true);
  });
});

// Group calls: each row one situation of the actor (user 1) and the group's call; the cells are the
// answers of start, join and invite.
const group = (patch: Partial<GroupCallFacts> = {}): GroupCallFacts => ({
  groupActive: true,
  isMember: true,
  call: undefined,
  roomMatches: true,
  ...patch,
});
const live = (p: Partial<NonNullable<GroupCallFacts['call']>> = {}): GroupCallFacts['call'] => ({
  status: 'connected',
  isCaller: false,
  myState: 'joined',
  joined: 3,
  ...p,
});
const names = (patch: Partial<InviteeFacts> = {}): InviteeFacts => ({
  count: 2,
  outsider: false,
  alreadyIn: false,
  live: 3,
  ...patch,
});

describe('groupCall.view, groupCall.start, groupCall.join', () => {
  // [situation, facts, invitees, view, start, join]
  const rows: [string, GroupCallFacts, InviteeFacts, true | string, true | string, true | string][] = [
    ['a member, no call yet', group(), names(), true, true, 'groupCallNotFound'],
    [
      'no such group',
      group({ groupActive: false, isMember: false }),
      names(),
      'groupNotFound',
      'groupNotFound',
      'groupNotFound',
    ],
    [
      'not a member',
      group({ isMember: false }),
      names(),
      'groupCallNotMember',
      'groupCallNotMember',
      'groupCallNotMember',
    ],
    ['a call exists', group({ call: live({ myState: null }) }), names(), true, 'groupCallExists', true],
    [
      'a call exists, another room',
      group({ call: live({ myState: null }), roomMatches: false }),
      names(),
      true,
      'groupCallExists',
      'groupCallNotFound',
    ],
    ['already joined', group({ call: live() }), names(), true, 'groupCallExists', 'groupCallAlreadyIn'],
    ['ringing in it', group({ call: live({ myState: 'ringing' }) }), names(), true, 'groupCallExists', true],
    [
      '9 on it',
      group({ call: live({ myState: null, joined: 9 }) }),
      names(),
      true,
      'groupCallExists',
      'groupCallFull',
    ],
    ['8 on it', group({ call: live({ myState: null, joined: 8 }) }), names(), true, 'groupCallExists', true],
    ['naming nobody', group(), names({ count: 0 }), true, 'groupCallNoInvitee', 'groupCallNotFound'],
    ['naming 8', group(), names({ count: 8 }), true, true, 'groupCallNotFound'],
    ['naming 9', group(), names({ count: 9 }), true, 'groupCallInviteLimit', 'groupCallNotFound'],
    [
      'naming an outsider',
      group(),
      names({ outsider: true }),
      true,
      'groupCallInviteeNotMember',
      'groupCallNotFound',
    ],
  ];
  it.each(rows)('%s → view %s, start %s, join %s', (_name, f, inv, view, start, join) => {
    expect(decide(callsPolicy, 'groupCall.view', ME, f)).toBe(view);
    expect(decide(callsPolicy, 'groupCall.start', ME, { ...f, invitees: inv })).toBe(start);
    expect(decide(callsPolicy, 'groupCall.join', ME, f)).toBe(join);
  });
});

describe('groupCall.invite', () => {
  const rows: [string, GroupCallFacts, InviteeFacts, true | string][] = [
    ['joined, connected', group({ call: live() }), names(), true],
    [
      'the caller while ringing',
      group({ call: live({ status: 'ringing', isCaller: true, joined: 1 }) }),
      names(),
      true,
    ],
    [
      'an invitee while ringing',
      group({ call: live({ status: 'ringing', myState: 'ringing', joined: 1 }) }),
      names(),
      'groupCallInviteForbidden',
    ],
    [
      'ringing in a connected call',
      group({ call: live({ myState: 'ringing' }) }),
      names(),
      'groupCallInviteForbidden',
    ],
    ['left the call', group({ call: live({ myState: 'left' }) }), names(), 'callNotFound'],
    ['no call', group(), names(), 'callNotFound'],
    ['not a member any more', group({ isMember: false, call: live() }), names(), 'groupCallNotMember'],
    ['naming nobody', group({ call: live() }), names({ count: 0 }), 'groupCallNoInvitee'],
    ['naming 9', group({ call: live() }), names({ count: 9, live: 0 }), 'groupCallInviteLimit'],
    ['naming an outsider', group({ call: live() }), names({ outsider: true }), 'groupCallInviteeNotMember'],
    ['naming someone in it', group({ call: live() }), names({ alreadyIn: true }), 'groupCallAlreadyIn'],
    ['room for them', group({ call: live() }), names({ count: 2, live: 7 }), true],
    ['no room for them', group({ call: live() }), names({ count: 3, live: 7 }), 'groupCallFull'],
  ];
  it.each(rows)('%s → %s', (_name, f, inv, expected) => {
    expect(decide(callsPolicy, 'groupCall.invite', ME, { ...f, invitees: inv })).toBe(expected);
  });
});
