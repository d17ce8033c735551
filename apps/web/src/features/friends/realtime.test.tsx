import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { FriendApplication, FriendItem } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { socket } from '../../lib/realtime';
import { friendKeys } from './keys';
import { FriendsRealtime } from './realtime';
import { renderWithProviders } from '../../test-utils';

beforeAll(async () => {
  await i18n.loadNamespaces(['friends']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Delivers a server frame as if it came over the socket. */
const push = (type: string, data: unknown) =>
  act(() =>
    (socket as unknown as { handleMessage(raw: string): void }).handleMessage(JSON.stringify({ type, data })),
  );

const friend = (wtId: string, extra: Partial<FriendItem> = {}): FriendItem => ({
  userID: wtId,
  wtId,
  nickName: wtId,
  avatar: '',
  bio: '',
  remark: '',
  tagIds: [],
  tagNameList: [],
  ownerBlackStatus: 0,
  friendsSpaceStatus: 0,
  mineSpaceStatus: 0,
  applySource: 1,
  actionStatus: 0,
  isOfficial: 0,
  createTime: 0,
  ...extra,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(friendKeys.list(), [friend('a'), friend('b')]);
  renderWithProviders(<FriendsRealtime />, client);
  return client;
}

const ids = (client: QueryClient) =>
  client.getQueryData<FriendItem[]>(friendKeys.list())?.map((f) => `${f.wtId}:${f.remark}`);

describe('friends live updates', () => {
  it('adds, updates and removes friends in the cached list from socket events', () => {
    const client = setup();
    push('friend.added', friend('c'));
    expect(ids(client)).toEqual(['a:', 'b:', 'c:']);
    push('friend.updated', friend('b', { remark: '老B' }));
    expect(ids(client)).toEqual(['a:', 'b:老B', 'c:']);
    push('friend.deleted', { wtId: 'a', byMe: 0 });
    expect(ids(client)).toEqual(['b:老B', 'c:']);
  });

  it('shows a browser notification for a new application only while the tab is hidden and permission is granted', async () => {
    const shown: string[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, opts: { body: string }) {
        shown.push(`${title}|${opts.body}`);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const hidden = vi.spyOn(document, 'hidden', 'get');
    setup();
    const app: FriendApplication = {
      id: 1,
      userID: 'zoe',
      applyWtId: 'zoe',
      nick: 'Zoe',
      avatar: '',
      status: 0,
      source: 1,
      wording: '我是Zoe',
      direction: 'in',
      isRead: 0,
      createTime: 0,
      updateTime: 0,
    };
    hidden.mockReturnValue(false);
    push('friend.apply', app);
    expect(shown).toEqual([]);
    hidden.mockReturnValue(true);
    push('friend.apply', app);
    await waitFor(() => expect(shown).toEqual(['新的朋友|Zoe 请求添加你为朋友：我是Zoe']));
    FakeNotification.permission = 'denied';
    push('friend.apply', app);
    expect(shown).toHaveLength(1);
  });
});
