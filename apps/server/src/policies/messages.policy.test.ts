import { describe, expect, it } from 'vitest';
import { MessageLimits } from '@parley/protocol';
import {
  messageCan,
  messagesPolicy,
  readableBy,
  type ChatMessageFacts,
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
type Facts = ForwardFacts & ChatMessageFacts;
const facts = (patch: Partial<Facts> & { msg?: Partial<NonNullable<MessageFacts['message']>> }) => {
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
    chat: 'c2c',
    reach: true,
    ...rest,
  } satisfies Facts;
};

const situations: Record<string, Facts> = {
  ownFresh: facts({}),
  ownAt459: facts({ msg: { createdAt: NOW - MessageLimits.revokeWindowMs + 1000 } }),
  ownAt501: facts({ msg: { createdAt: NOW - MessageLimits.revokeWindowMs - 1000 } }),
  ownOldRevoked: facts({ msg: { createdAt: 0, revoked: true } }),
  peers: facts({ msg: { senderId: 2 } }),
  otherPair: facts({ member: undefined, msg: { senderId: 3 } }),
  missing: { ...facts({}), message: undefined },
  deletedForMe: facts({ hidden: true }),
  cleared: facts({ member: { clearedSeq: 5 } }),
  // A group the reader left at sequence 4 (the message is 5: posted after they left), or at 5.
  leftGroupBefore: facts({ member: { clearedSeq: 0, untilSeq: 4 }, chat: 'group' }),
  leftGroupAfter: facts({ member: { clearedSeq: 0, untilSeq: 5 }, chat: 'group' }),
  groupMember: facts({ member: { clearedSeq: 0, untilSeq: null }, chat: 'group' }),
  noticeForPeer: facts({ msg: { senderId: 2, visibleTo: 2 } }),
  noticeForMe: facts({ msg: { visibleTo: 1 } }),
  ownTip: facts({ msg: { type: 'groupTip' }, forwardable: false, chat: 'group' }),
  serverWritten: facts({ msg: { senderId: 2 }, forwardable: false }),
  helperChat: facts({ msg: { senderId: 2 }, chat: 'helper' }),
  peerBlocksMe: facts({ msg: { senderId: 2 }, reach: 'blacklisted' }),
  iBlockPeer: facts({ msg: { senderId: 2 }, reach: 'targetInMyBlacklist' }),
  blockedDeletedForMe: facts({ hidden: true, reach: 'blacklisted' }),
};

type Cell = true | string;
// view, revoke, forward, pin, react
type Row = [Cell, Cell, Cell, Cell, Cell];
const NF: Row = ['notFound', 'notFound', 'notFound', 'pinMessageNotFound', 'reactionMessageNotFound'];
const expected: Record<string, Row> = {
  ownFresh: [true, true, true, true, true],
  ownAt459: [true, true, true, true, true],
  ownAt501: [true, 'revokeWindowPassed', true, true, true],
  ownOldRevoked: [true, true, 'messageNotForwardable', 'pinMessageNotFound', 'reactionMessageNotFound'],
  peers: [true, 'forbidden', true, true, true],
  otherPair: NF,
  missing: NF,
  deletedForMe: NF,
  cleared: NF,
  leftGroupBefore: NF,
  leftGroupAfter: [true, true, true, 'forbidden', 'reactionMessageNotFound'],
  groupMember: [true, true, true, 'forbidden', true],
  noticeForPeer: NF,
  noticeForMe: [true, true, 'messageNotForwardable', 'pinMessageNotFound', true],
  ownTip: [true, 'forbidden', 'messageNotForwardable', 'forbidden', true],
  serverWritten: [true, 'forbidden', 'messageNotForwardable', true, true],
  helperChat: [true, 'forbidden', true, 'forbidden', true],
  peerBlocksMe: [true, 'forbidden', true, 'blacklisted', 'blacklisted'],
  iBlockPeer: [true, 'forbidden', true, 'targetInMyBlacklist', 'targetInMyBlacklist'],
  blockedDeletedForMe: NF,
};

describe('messages policy matrix', () => {
  for (const [name, f] of Object.entries(situations)) {
    it(name, () => {
      expect([
        decide(messagesPolicy, 'message.view', ME, f),
        decide(messagesPolicy, 'message.revoke', ME, f),
        decide(messagesPolicy, 'message.forward', ME, f),
        decide(messagesPolicy, 'message.pin', ME, f),
        decide(messagesPolicy, 'message.react', ME, f),
      ]).toEqual(expected[name]);
      // The exported predicate pins and reactions filter their lists with is the view rule itself.
      expect(readableBy(ME.userId, f)).toBe(expected[name]![0]);
    });
  }

  it('message.unpin: one-to-one chats only, while the other side may be reached', () => {
    const unpin = (chat: ChatMessageFacts['chat'], reach: ChatMessageFacts['reach']) =>
      decide(messagesPolicy, 'message.unpin', ME, { chat, reach });
    expect(unpin('c2c', true)).toBe(true);
    expect(unpin('c2c', 'blacklisted')).toBe('blacklisted');
    expect(unpin('c2c', 'targetInMyBlacklist')).toBe('targetInMyBlacklist');
    expect(unpin('helper', true)).toBe('forbidden');
    expect(unpin('group', true)).toBe('forbidden');
  });

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

  it('can.react: any message not revoked nor deleted by the reader, tips included', () => {
    expect(flags().react).toBe(true);
    expect(flags({ type: 'groupTip' }, 'group').react).toBe(true);
    expect(flags({}, 'helper').react).toBe(true);
    expect(flags({ revoked: true, revokedBySender: true }).react).toBe(false);
    expect(flags({}, 'c2c', true).react).toBe(false);
  });

  it('can.pin says what message.pin answers, for each message and chat', () => {
    const cases: Array<[Partial<MessageCanFacts['message']>, MessageCanFacts['chat'], boolean]> = [
      [{}, 'c2c', false],
      [{}, 'helper', false],
      [{}, 'group', false],
      [{ type: 'groupTip' }, 'group', false],
      [{ revoked: true, revokedBySender: true }, 'c2c', false],
      [{ visibleTo: 1 }, 'c2c', false],
      [{}, 'c2c', true],
    ];
    for (const [patch, chat, hidden] of cases) {
      const can = flags(patch, chat, hidden);
      const f = facts({
        msg: {
          senderId: 2,
          type: patch.type ?? 'text',
          revoked: patch.revoked ?? false,
          visibleTo: patch.visibleTo ?? null,
        },
        chat,
        hidden,
        member: { clearedSeq: 0, untilSeq: chat === 'group' ? null : undefined },
      });
      expect([patch, chat, hidden, can.pin]).toEqual([
        patch,
        chat,
        hidden,
        decide(messagesPolicy, 'message.pin', ME, f) === true,
      ]);
    }
  });

  it('a flag says what the action answers: revoke until revokeUntil, refused after', () => {
    const can = flags();
    const at = (now: number) =>
      decide(messagesPolicy, 'message.revoke', ME, facts({ msg: { createdAt: CREATED }, now }));
    expect(at(can.revokeUntil)).toBe(true);
    expect(at(can.revokeUntil + 1)).toBe('revokeWindowPassed');
  });
});
