import type { Conversation, MessageCan } from '@parley/protocol';

/** Tests: the flags the server answers a fresh text sent at `timeMs` in a one-to-one chat. */
export const freshCan = (timeMs: number): MessageCan => ({
  revoke: true,
  revokeUntil: timeMs + 5 * 60_000,
  reedit: false,
  pin: true,
  delete: true,
  forward: true,
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
