import { describe, expect, it } from 'vitest';
import { badgeText } from '../../ui/Badge';
import {
  archivedConversations,
  archiveUnread,
  sortConversations,
  tabUnread,
  unreadTotal,
  visibleConversations,
} from './list-logic';
import { conversationFixture } from './test-fixtures';

const conv = conversationFixture;

describe('conversation list', () => {
  it('orders pinned first, then by last activity (newest first), ties by ID', () => {
    const list = [
      conv('old', { activityTime: 100 }),
      conv('pinnedOld', { activityTime: 50, isPinned: true }),
      conv('new', { activityTime: 300 }),
      conv('pinnedNew', { activityTime: 200, isPinned: true }),
      conv('sameB', { activityTime: 100 }),
    ];
    expect(sortConversations(list).map((c) => c.conversationID)).toEqual([
      'C2CpinnedNew',
      'C2CpinnedOld',
      'C2Cnew',
      'C2Cold',
      'C2CsameB',
    ]);
  });

  it('keeps archived conversations out of the main list and in the archive view', () => {
    const list = [conv('a', { activityTime: 2 }), conv('b', { markList: [4], activityTime: 3 })];
    expect(visibleConversations(list, 'all', 'me').map((c) => c.conversationID)).toEqual(['C2Ca']);
    expect(archivedConversations(list).map((c) => c.conversationID)).toEqual(['C2Cb']);
  });

  it('unread badges: muted and archived conversations do not add to the total; tabs count their own', () => {
    const list = [
      conv('a', { unreadCount: 3 }),
      conv('b', { unreadCount: 5, isMuted: true }),
      conv('c', { unreadCount: 7, markList: [4], isMuted: true }),
      conv('d', { unreadCount: 0 }),
    ];
    expect(unreadTotal(list)).toBe(3);
    expect(tabUnread(list, 'me')).toEqual({ all: 3, unread: 3, atMe: 0, c2c: 3, group: 0 });
    expect(visibleConversations(list, 'unread', 'me').map((c) => c.conversationID)).toEqual(['C2Ca', 'C2Cb']);
    expect(visibleConversations(list, 'group', 'me')).toEqual([]);
  });

  it('shows 99+ above 99 unread', () => {
    expect(badgeText(unreadTotal([conv('a', { unreadCount: 60 }), conv('b', { unreadCount: 40 })]))).toBe(
      '99+',
    );
    expect(badgeText(99)).toBe('99');
    expect(badgeText(0)).toBe('');
  });
  it('a conversation marked unread counts as one unread; the archive entry sums its conversations', () => {
    const list = [
      conv('marked', { markList: [2] }),
      conv('both', { markList: [2], unreadCount: 3 }),
      conv('read', {}),
      conv('foldedMarked', { markList: [2, 4], isMuted: true }),
      conv('folded', { markList: [4], isMuted: true, unreadCount: 5 }),
    ];
    expect(visibleConversations(list, 'unread', 'me').map((c) => c.conversationID)).toEqual([
      'C2Cboth',
      'C2Cmarked',
    ]);
    expect(unreadTotal(list)).toBe(4);
    expect(archiveUnread(list)).toBe(6);
  });
});
