import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPTY_COUNTERS, type Conversation, type FriendItem } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { useSession } from '../../lib/session';
import { mockApi, renderWithProviders } from '../../test-utils';
import MessagesPage from './MessagesPage';
import { ChatWindow } from './ChatWindow';
import { useChatStore } from './store';
import { conversationFixture } from './test-fixtures';

beforeAll(async () => {
  // jsdom lays nothing out: give the virtual list a viewport.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 260 });
  await i18n.loadNamespaces(['messages', 'contacts', 'friends']);
  useSession.setState({
    user: { wtId: 'lin_xiao', nickName: '林晓' } as ReturnType<typeof useSession.getState>['user'],
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const conv = (id: string, over: Partial<Conversation> = {}): Conversation =>
  conversationFixture(id, {
    lastMessage: {
      messageID: `m-${id}`,
      type: 'text',
      payload: { text: `${id} 的话` },
      lastTime: 1,
      lastSequence: 1,
      isRevoked: false,
      fromAccount: id,
    },
    lastSequence: 1,
    userProfile: { userID: id, nick: `${id}昵称`, avatar: '' },
    activityTime: 1,
    ...over,
  });

function serve(friends: FriendItem[], conversations: Conversation[]) {
  return mockApi({
    '/user/counters': () => ({ data: EMPTY_COUNTERS }),
    '/userFriends/list': () => ({ data: { rows: friends, total: friends.length } }),
    '/conversation/list': () => ({
      data: { conversations, nextCursor: conversations.length, isFinished: true },
    }),
  });
}

describe('/messages', () => {
  it('first run: no friends and no conversations shows the next actions', async () => {
    serve([], []);
    renderWithProviders(<MessagesPage />, queryClient);
    await screen.findByTestId('get-started-welcome');
    expect(screen.getByTestId('screen-messages')).toBeTruthy();
  });

  it('lists conversations pinned first, with the remark preferred, 99+ badges and the muted mark', async () => {
    serve(
      [{ wtId: 'bob', nickName: 'bob', remark: '' } as unknown as FriendItem],
      [
        conv('amy', { activityTime: 5, unreadCount: 120 }),
        conv('bob', { activityTime: 1, isPinned: true, remark: '老板' }),
        conv('cat', { activityTime: 3, isMuted: true, unreadCount: 2 }),
      ],
    );
    renderWithProviders(<MessagesPage />, queryClient);
    await screen.findAllByTestId('conversation-row');
    const rows = screen.getAllByTestId('conversation-row');
    expect(rows.map((r) => r.dataset.id)).toEqual(['C2Cbob', 'C2Camy', 'C2Ccat']);
    expect(rows[0]!.textContent).toContain('老板');
    expect(rows[1]!.querySelector('[data-testid="conversation-badge"]')?.textContent).toBe('99+');
    expect(rows[2]!.querySelector('[data-testid="conversation-dot"]')).toBeTruthy();
    expect(rows[2]!.querySelector('[data-testid="conversation-muted"]')).toBeTruthy();
  });

  it('5,000 conversations: only the rows in view (plus a few) are in the DOM', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => conv(`u${i}`, { activityTime: i }));
    serve([], many);
    renderWithProviders(<MessagesPage />, queryClient);
    await screen.findAllByTestId('conversation-row');
    const rows = screen.getAllByTestId('conversation-row');
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]!.dataset.id).toBe('C2Cu4999');
  });

  it('chat header: the remark, the 官方 tag for an official account, and 对方正在输入... while the peer types', async () => {
    mockApi({
      '/userFriends/list': () => ({
        data: { rows: [{ wtId: 'helper', nickName: 'Parley 助手', remark: '', isOfficial: 1 }], total: 1 },
      }),
      '/message/history': () => ({ data: { messages: [], isCompleted: true } }),
    });
    renderWithProviders(
      <ChatWindow
        conversationID="C2Chelper"
        conversation={conv('helper', { remark: '小助手' })}
        onBack={() => {}}
      />,
      queryClient,
    );
    expect((await screen.findByTestId('chat-title')).textContent).toBe('小助手');
    expect((await screen.findByTestId('official-tag')).textContent).toBe('官方');
    expect(screen.queryByTestId('typing')).toBeNull();
    act(() => useChatStore.getState().setTyping('C2Chelper', Date.now() + 5000));
    expect((await screen.findByTestId('typing')).textContent).toBe('对方正在输入...');
  });
});
