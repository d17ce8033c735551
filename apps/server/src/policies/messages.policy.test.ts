import { describe, expect, it } from 'vitest';
import { MessageLimits } from '@parley/protocol';
import { messagesPolicy, type ForwardFacts, type MessageFacts } from './messages.policy.js';
import { decide } from './policy.js';

// The message rules as a matrix: each row is a situation of the actor (user 1) and one message,
// each column an action, each cell the decision (true, or the error the API answers).
const ME = { userId: 1 };
const NOW = 1_000_000_000;
const facts = (patch: Partial<ForwardFacts> & { msg?: Partial<NonNullable<MessageFacts['message']>> }) => {
  const { msg, ...rest } = patch;
  return {
    message: { senderId: 1, seq: 5, visibleTo: null, createdAt: NOW - 60_000, revoked: false, ...msg },
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
