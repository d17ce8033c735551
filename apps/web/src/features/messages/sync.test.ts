import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message, SyncResult } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { useSession } from '../../lib/session';
import { socket } from '../../lib/realtime';
import { mockApi } from '../../test-utils';
import { conversationsKey } from './conversations';
import { useChatStore } from './store';
import { onHello, resetSyncVersion } from './sync';

const conv = (id: string, over: Partial<Conversation> = {}) =>
  ({
    conversationID: id,
    unreadCount: 0,
    markList: [],
    isPinned: false,
    activityTime: 1,
    ...over,
  }) as Conversation;
const msg = (id: string, over: Partial<Message> = {}) =>
  ({
    ID: id,
    clientMsgId: '',
    conversationID: 'C2Cpeer',
    sequence: 1,
    isRevoked: false,
    isDeleted: false,
    payload: { text: id },
    ...over,
  }) as Message;

/** A sync answer at `version` that brings m3 to C2Cpeer (one unread). */
const page = (version: number, over: Partial<SyncResult> = {}): SyncResult => ({
  version,
  hasMore: false,
  reset: false,
  conversations: [conv('C2Cpeer', { unreadCount: 1, activityTime: 9 })],
  removedConversationIDs: [],
  messages: [msg('m3', { sequence: 3 })],
  ...over,
});

beforeEach(() => {
  resetSyncVersion();
  useSession.setState({ user: { wtId: 'me' } as ReturnType<typeof useSession.getState>['user'] });
  queryClient.setQueryData(conversationsKey('me'), [conv('C2Cpeer'), conv('C2Cgone')]);
  useChatStore.setState({ byConv: {}, originals: new Map() });
  useChatStore.getState().merge('C2Cpeer', [msg('m1'), msg('m2', { sequence: 2 })]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('sync after a reconnect', () => {
  it('the first hello only sets the version; a later one syncs once since it, paging while hasMore', async () => {
    const calls = mockApi({
      '/message/sync': (body) => {
        const since = (body as { since: number }).since;
        return since === 10
          ? {
              data: {
                version: 15,
                hasMore: true,
                reset: false,
                conversations: [conv('C2Cpeer', { unreadCount: 1, activityTime: 9 })],
                removedConversationIDs: ['C2Cgone'],
                messages: [msg('m2', { sequence: 2, isRevoked: true, payload: {} })],
              },
            }
          : {
              data: {
                version: 20,
                hasMore: false,
                reset: false,
                conversations: [],
                removedConversationIDs: [],
                messages: [msg('m3', { sequence: 3 }), msg('x1', { conversationID: 'C2Cother' })],
              },
            };
      },
    });
    await onHello({ syncVersion: 10 });
    expect(calls).toEqual([]);
    await onHello({ syncVersion: 20 });
    expect(calls.map((c) => c.body)).toEqual([{ since: 10 }, { since: 15 }]);
    const list = queryClient.getQueryData<Conversation[]>(conversationsKey('me'))!;
    expect(list.map((c) => [c.conversationID, c.unreadCount])).toEqual([['C2Cpeer', 1]]);
    const held = useChatStore.getState().byConv.C2Cpeer!.messages;
    expect(held.map((m) => [m.ID, m.isRevoked])).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
    // A conversation this tab does not hold is left to its next opening.
    expect(useChatStore.getState().byConv.C2Cother).toBeUndefined();
    // Same version again: nothing to do.
    await onHello({ syncVersion: 20 });
    expect(calls).toHaveLength(2);
  });

  it('a reset (offline longer than the server keeps changes) reloads the list and the held chats', async () => {
    const calls = mockApi({
      '/message/sync': () => ({
        data: {
          version: 900,
          hasMore: false,
          reset: true,
          conversations: [],
          removedConversationIDs: [],
          messages: [],
        },
      }),
      '/message/history': () => ({
        data: { messages: [msg('m2', { sequence: 2, isRevoked: true, payload: {} })], isCompleted: false },
      }),
      '/conversation/list': () => ({ data: { conversations: [], nextCursor: 0, isFinished: true } }),
    });
    await onHello({ syncVersion: 10 });
    await onHello({ syncVersion: 900 });
    expect(calls.filter((c) => c.path !== '/conversation/list').map((c) => [c.path, c.body])).toEqual([
      ['/message/sync', { since: 10 }],
      ['/message/history', { conversationID: 'C2Cpeer', count: 50 }],
    ]);
    // The held chat is replaced by the server's latest page (m1 is gone, m2 is revoked).
    const held = useChatStore.getState().byConv.C2Cpeer!;
    expect(held.messages.map((m) => [m.ID, m.isRevoked])).toEqual([['m2', true]]);
    // The next hello at the same version does nothing: the reset moved the known version.
    await onHello({ syncVersion: 900 });
    expect(calls.filter((c) => c.path === '/message/sync')).toHaveLength(1);
  });

  it('asks on the socket that said hello (message.sync); only a socket gone again falls back to the route', async () => {
    const calls = mockApi({ '/message/sync': () => ({ data: page(30) }) });
    socket.status = 'open';
    const send = vi.spyOn(socket, 'send').mockResolvedValueOnce(page(20));
    try {
      await onHello({ syncVersion: 10 });
      await onHello({ syncVersion: 20 });
      expect(send.mock.calls).toEqual([['message.sync', { since: 10 }]]);
      expect(calls).toEqual([]);
      expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => m.ID)).toEqual(['m1', 'm2', 'm3']);

      send.mockRejectedValueOnce(new Error('socket closed'));
      await onHello({ syncVersion: 30 });
      expect(send.mock.calls.at(-1)).toEqual(['message.sync', { since: 20 }]);
      expect(calls.map((c) => [c.path, c.body])).toEqual([['/message/sync', { since: 20 }]]);
    } finally {
      socket.status = 'idle';
      send.mockRestore();
    }
  });

  it('a group conversation in the list makes a reconnect sync even when the own version did not move', async () => {
    const empty = {
      version: 10,
      hasMore: false,
      reset: false,
      conversations: [],
      removedConversationIDs: [],
      messages: [],
    };
    const calls = mockApi({ '/message/sync': () => ({ data: { ...empty, groupVersions: { GROUP7: 3 } } }) });
    await onHello({ syncVersion: 10 });
    await onHello({ syncVersion: 10 });
    expect(calls).toEqual([]); // nothing moved, no group conversation: nothing to ask
    queryClient.setQueryData(conversationsKey('me'), [conv('C2Cpeer'), conv('GROUP7')]);
    await onHello({ syncVersion: 10 });
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/message/sync', { since: 10 }]]);
  });

  describe('the catch-up that hello carries', () => {
    const emptyPage = (version: number) => page(version, { conversations: [], messages: [] });

    it('names the known version for the next socket and applies hello.sync without asking', async () => {
      const calls = mockApi({ '/message/sync': () => ({ data: emptyPage(99) }) });
      expect(socket.resumeVersion?.()).toBeNull();
      await onHello({ syncVersion: 10 });
      expect(socket.resumeVersion?.()).toBe(10);
      await onHello({ syncVersion: 20, syncSince: 10, sync: page(20) });
      expect(calls).toEqual([]);
      expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => m.ID)).toEqual(['m1', 'm2', 'm3']);
      const list = queryClient.getQueryData<Conversation[]>(conversationsKey('me'))!;
      expect(list.find((c) => c.conversationID === 'C2Cpeer')?.unreadCount).toBe(1);
      expect(socket.resumeVersion?.()).toBe(20);
    });

    it('asks for the next pages after it, and ignores a page for another version', async () => {
      const calls = mockApi({
        '/message/sync': (body) => ({ data: emptyPage((body as { since: number }).since + 5) }),
      });
      await onHello({ syncVersion: 10 });
      await onHello({ syncVersion: 30, syncSince: 10, sync: page(15, { hasMore: true }) });
      expect(calls.map((c) => c.body)).toEqual([{ since: 15 }]);
      expect(socket.resumeVersion?.()).toBe(20);
      // Answered for a version this tab does not hold: not applied, the tab asks from its own.
      await onHello({
        syncVersion: 40,
        syncSince: 7,
        sync: page(40, { messages: [msg('stale', { sequence: 9 })] }),
      });
      expect(calls.map((c) => c.body)).toEqual([{ since: 15 }, { since: 20 }]);
      expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => m.ID)).not.toContain('stale');
    });

    it('with group chats in the list, one ask for their versions follows the one-to-one page', async () => {
      const calls = mockApi({
        '/message/sync': () => ({ data: { ...emptyPage(20), groupVersions: { GROUP7: 3 } } }),
      });
      queryClient.setQueryData(conversationsKey('me'), [conv('C2Cpeer'), conv('GROUP7')]);
      await onHello({ syncVersion: 10 });
      await onHello({ syncVersion: 20, syncSince: 10, sync: page(20) });
      expect(calls.map((c) => c.body)).toEqual([{ since: 20 }]);
      expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => m.ID)).toEqual(['m1', 'm2', 'm3']);
    });
  });
});
