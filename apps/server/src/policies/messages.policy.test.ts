import { describe, expect, it } from 'vitest';
import { MessageLimits } from '@parley/protocol';
import {
  messageCan,
  messagesPolicy,
  type ForwardFacts,
  type MessageCanFacts,
  type MessageFacts,
  type OwnMessageFacts,
} from './messages.policy.js';
import { groupsPolicy, type TargetFacts } from './groups.policy.js';
import { decide } from './policy.js';

// The message rules as a matrix: each row is a situation of the actor (user 1) and one message,
// each column an action, each cell the decision (true, or the error the API answers).
const ME = { userId: 1 };
const NOW = 1_000_000_000;
const facts = (patch: Partial<ForwardFacts> & { msg?: Partial<NonNullable<MessageFacts['message']>> }) => {
  const { msg, ...rest } = patch;
  return {
    message: {
      senderId: 1,
      seq: 5,
      visibleTo: null,
      createdAt: NOW - 60_000,
      revoked: false,
      type: 'text',
      ...msg,
    },
    member: { clearedSeq: 0 },
    hidden: false,
    now: NOW,
    forwardable: true,
    ...rest,
  } satisfies ForwardFacts;
};

const situations: Record<string, ForwardFacts> = {
  ownFresh: facts({}),
  ownAt459: facts({ msg: { createdAt: NOW - MessageLimits.revokeWindowMs + 1000 } }),
  ownAt501: facts({ msg: { createdAt: NOW - MessageLimits.revokeWindowMs - 1000 } }),
  ownOldRevoked: facts({ msg: { createdAt: 0, revoked: true } }),
  peers: facts({ msg: { senderId: 2 } }),
  otherPair: facts({ member: undefined, msg: { senderId: 3 } }),
  missing: { ...facts({}), message: undefined },
  deletedForMe: facts({ hidden: true }),
  cleared: facts({ member: { clearedSeq: 5 } }),
  leftGroupBefore: facts({ member: { clearedSeq: 0, untilSeq: 4 } }),
  leftGroupAfter: facts({ member: { clearedSeq: 0, untilSeq: 5 } }),
  noticeForPeer: facts({ msg: { senderId: 2, visibleTo: 2 } }),
  noticeForMe: facts({ msg: { visibleTo: 1 } }),
  ownTip: facts({ msg: { type: 'groupTip' }, forwardable: false }),
  serverWritten: facts({ msg: { senderId: 2 }, forwardable: false }),
};

type Row = {
  'message.view': true | string;
  'message.revoke': true | string;
  'message.forward': true | string;
};
const expected: Record<string, Row> = {
  ownFresh: { 'message.view': true, 'message.revoke': true, 'message.forward': true },
  ownAt459: { 'message.view': true, 'message.revoke': true, 'message.forward': true },
  ownAt501: { 'message.view': true, 'message.revoke': 'revokeWindowPassed', 'message.forward': true },
  ownOldRevoked: { 'message.view': true, 'message.revoke': true, 'message.forward': 'messageNotForwardable' },
  peers: { 'message.view': true, 'message.revoke': 'forbidden', 'message.forward': true },
  otherPair: { 'message.view': 'notFound', 'message.revoke': 'notFound', 'message.forward': 'notFound' },
  missing: { 'message.view': 'notFound', 'message.revoke': 'notFound', 'message.forward': 'notFound' },
  deletedForMe: { 'message.view': 'notFound', 'message.revoke': 'notFound', 'message.forward': 'notFound' },
  cleared: { 'message.view': 'notFound', 'message.revoke': 'notFound', 'message.forward': 'notFound' },
  leftGroupBefore: {
    'message.view': 'notFound',
    'message.revoke': 'notFound',
    'message.forward': 'notFound',
  },
  leftGroupAfter: { 'message.view': true, 'message.revoke': true, 'message.forward': true },
  noticeForPeer: { 'message.view': 'notFound', 'message.revoke': 'notFound', 'message.forward': 'notFound' },
  noticeForMe: { 'message.view': true, 'message.revoke': true, 'message.forward': 'messageNotForwardable' },
  ownTip: { 'message.view': true, 'message.revoke': 'forbidden', 'message.forward': 'messageNotForwardable' },
  serverWritten: {
    'message.view': true,
    'message.revoke': 'forbidden',
    'message.forward': 'messageNotForwardable',
  },
};

describe('messages policy matrix', () => {
  for (const [name, f] of Object.entries(situations)) {
    it(name, () => {
      expect({
        'message.view': decide(messagesPolicy, 'message.view', ME, f),
        'message.revoke': decide(messagesPolicy, 'message.revoke', ME, f),
        'message.forward': decide(messagesPolicy, 'message.forward', ME, f),
      }).toEqual(expected[name]);
    });
  }

  it('conversation.open: an existing other user only', () => {
    expect(decide(messagesPolicy, 'conversation.open', ME, { peerId: 2 })).toBe(true);
    expect(decide(messagesPolicy, 'conversation.open', ME, { peerId: 1 })).toBe('forbidden');
    expect(decide(messagesPolicy, 'conversation.open', ME, { peerId: undefined })).toBe('userNotFound');
  });

  it('message.send: refused while a send ban lasts, allowed from the moment it ends', () => {
    const send = (bannedUntil: number) =>
      decide(messagesPolicy, 'message.send', ME, { bannedUntil, now: NOW });
    expect(send(0)).toBe(true);
    expect(send(NOW + 1)).toBe('bannedSender');
    expect(send(NOW)).toBe(true);
  });
});

describe('revoke in a group: actor (user 1, by identity) × message', () => {
  // The group rules decide a manager's revoke of others (groupsPolicy `message.revokeOthers`).
  const group = (identity: number, target: { userId: number; identity: number }): TargetFacts => ({
    group: { status: 0, inviteSwitch: 0, confirminviteSwitch: 0, bannedSwitch: 0, limitLevel: 0 },
    me: { identity, muteUntil: 0 },
    now: NOW,
    target,
  });
  const msg = (senderId: number, patch: Partial<OwnMessageFacts> = {}): OwnMessageFacts => ({
    senderId,
    type: 'text',
    createdAt: NOW - 60_000,
    revoked: false,
    now: NOW,
    ...patch,
  });
  const OLD = { createdAt: NOW - MessageLimits.revokeWindowMs - 1 };
  const revoke = (identity: number, senderIdentity: number, m: OwnMessageFacts) =>
    decide(messagesPolicy, 'message.revokeInGroup', ME, {
      message: m,
      overSender: () =>
        decide(
          groupsPolicy,
          'message.revokeOthers',
          ME,
          group(identity, { userId: m.senderId, identity: senderIdentity }),
        ),
    });
  const cases: Array<[string, number, number, OwnMessageFacts, true | string]> = [
    ['member, own, fresh', 1, 1, msg(1), true],
    ['member, own, at the window end', 1, 1, msg(1, { createdAt: NOW - MessageLimits.revokeWindowMs }), true],
    ['member, own, past the window', 1, 1, msg(1, OLD), 'revokeWindowPassed'],
    ['member, own, already revoked', 1, 1, msg(1, { ...OLD, revoked: true }), true],
    ['member, another member', 1, 1, msg(2), 'forbidden'],
    ['admin, own, past the window', 2, 2, msg(1, OLD), 'revokeWindowPassed'],
    ['admin, a member, past the window', 2, 1, msg(2, OLD), true],
    ['admin, another admin', 2, 2, msg(2), 'forbidden'],
    ['admin, the owner', 2, 3, msg(2), 'forbidden'],
    ['owner, an admin, past the window', 3, 2, msg(2, OLD), true],
    ['owner, own tip', 3, 3, msg(1, { type: 'groupTip' }), 'forbidden'],
    ["owner, an admin's tip", 3, 2, msg(2, { type: 'groupTip' }), 'forbidden'],
  ];
  for (const [name, identity, senderIdentity, m, want] of cases)
    it(name, () => expect(revoke(identity, senderIdentity, m)).toBe(want));
});

describe('message can flags: message × chat (the same for every reader)', () => {
  const CREATED = NOW - 60_000;
  const flags = (
    patch: Partial<MessageCanFacts['message']> = {},
    chat: MessageCanFacts['chat'] = 'c2c',
    hidden = false,
    forwardable = patch.type !== 'groupTip',
  ) =>
    messageCan({
      message: {
        type: 'text',
        createdAt: CREATED,
        revoked: false,
        revokedBySender: false,
        visibleTo: null,
        ...patch,
      },
      forwardable,
      chat,
      hidden,
    });
  const UNTIL = CREATED + MessageLimits.revokeWindowMs;
  type Row = [boolean, number, boolean, boolean, boolean, boolean];
  const rows: Array<[string, ReturnType<typeof flags>, Row]> = [
    //                                                  revoke revokeUntil reedit pin delete forward
    ['text, one-to-one', flags(), [true, UNTIL, false, true, true, true]],
    ['text, group', flags({}, 'group'), [true, UNTIL, false, false, true, true]],
    ['text, helper chat', flags({}, 'helper'), [true, UNTIL, false, false, true, true]],
    ['image, one-to-one', flags({ type: 'image' }), [true, UNTIL, false, true, true, true]],
    [
      'text revoked by its sender',
      flags({ revoked: true, revokedBySender: true }),
      [false, 0, true, false, true, false],
    ],
    [
      'image revoked by its sender',
      flags({ type: 'image', revoked: true, revokedBySender: true }),
      [false, 0, false, false, true, false],
    ],
    ['text revoked by a manager', flags({ revoked: true }, 'group'), [false, 0, false, false, true, false]],
    ['notice for one side', flags({ visibleTo: 2 }), [true, UNTIL, false, false, true, false]],
    ['deleted by the reader', flags({}, 'c2c', true), [true, UNTIL, false, false, false, false]],
    ['group tip', flags({ type: 'groupTip' }, 'group'), [false, 0, false, false, true, false]],
    ['call card', flags({ type: 'custom' }, 'c2c', false, false), [true, UNTIL, false, true, true, false]],
  ];
  for (const [name, can, want] of rows)
    it(name, () =>
      expect([can.revoke, can.revokeUntil, can.reedit, can.pin, can.delete, can.forward]).toEqual(want),
    );

  it('a flag says what the action answers: revoke until revokeUntil, refused after', () => {
    const can = flags();
    const at = (now: number) =>
      decide(messagesPolicy, 'message.revoke', ME, facts({ msg: { createdAt: CREATED }, now }));
    expect(at(can.revokeUntil)).toBe(true);
    expect(at(can.revokeUntil + 1)).toBe('revokeWindowPassed');
  });
});
