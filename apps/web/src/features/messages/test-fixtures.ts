import type { Conversation, Message, MessageCan } from '@parley/protocol';

/** Tests: the flags the server answers a fresh text sent at `timeMs` in a one-to-one chat. */
export const freshCan = (timeMs: number): MessageCan => ({
  revoke: true,
  revokeUntil: timeMs + 5 * 60_000,
  reedit: false,
  pin: true,
  delete: true,
  forward: true,
  react: true,
});

/** Tests: a one-to-one conversation with user `id`, nothing in it, changed by `over`. */
export const conversationFixture = (id: string, over: Partial<Conversation> = {}): Conversation => ({
  conversationID: `C2C${id}`,
  type: 'C2C',
  unreadCount: 0,
  isMuted: false,
  isPinned: false,
  markList: [],
  remark: '',
  customData: '',
  draft: null,
  draftText: '',
  lastMessage: null,
  lastSequence: 0,
  readSequence: 0,
  peerReadSequence: 0,
  userProfile: { userID: id, nick: id, avatar: '' },
  activityTime: 0,
  ...over,
});

/**
 * Tests: a stored one-to-one text from 'peer' to 'me' in C2Cpeer (sequence 1 at 1 s), as the server
 * answers it; `over` changes any field (an own message: `flow: 'out', from: 'me', to: 'peer'`).
 */
export const messageFixture = (over: Partial<Message> = {}): Message => {
  const timeMs = over.timeMs ?? 1000;
  return {
    ID: 'm1',
    clientMsgId: 'c1',
    type: 'text',
    flow: 'in',
    status: 'success',
    time: Math.floor(timeMs / 1000),
    timeMs,
    from: 'peer',
    nick: 'Peer',
    avatar: '',
    to: 'me',
    conversationID: 'C2Cpeer',
    conversationType: 'C2C',
    payload: { text: 'hello' },
    sequence: 1,
    isRevoked: false,
    revoker: '',
    isDeleted: false,
    hasRiskContent: false,
    needReadReceipt: false,
    isPeerRead: false,
    readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
    atUserList: [],
    cloudCustomData: null,
    can: freshCan(timeMs),
    ...over,
  };
};

/** Tests: the peer's message number `sequence` (ID m<n>, clientMsgId c<n>, text t<n>, at n seconds). */
export const incomingFixture = (sequence: number, over: Partial<Message> = {}): Message =>
  messageFixture({
    ID: `m${sequence}`,
    clientMsgId: `c${sequence}`,
    timeMs: sequence * 1000,
    payload: { text: `t${sequence}` },
    sequence,
    ...over,
  });
