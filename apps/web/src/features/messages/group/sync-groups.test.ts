import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@parley/protocol';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test-utils';
import { conversationsKey } from '../conversations';
import { useChatStore } from '../store';
import { onHello, resetSyncVersion } from '../sync';
import { fillGap } from './realtime';
import { applyRevokeAll } from './receipts';
import { noteGroupVersion, resetGroupVersions } from './versions';

const G = 'GROUP81000001';
const msg = (id: string, sequence: number, over: Partial<Message> = {}) =>
  ({
    ID: id,
    clientMsgId: '',
    conversationID: G,
    conversationType: 'GROUP',
    from: 'bob',
    flow: 'in',
    sequence,
    isRevoked: false,
    revoker: '',
    isDeleted: false,
    payload: { text: id },
    ...over,
  }) as Message;

beforeEach(() => {
  resetSyncVersion();
  resetGroupVersions();
  useSession.setState({ user: { wtId: 'me' } as ReturnType<typeof useSession.getState>['user'] });
  queryClient.setQueryData(conversationsKey('me'), [
    { conversationID: G, markList: [], unreadCount: 0 } as unknown as Conversation,
  ]);
  useChatStore.setState({ byConv: {}, originals: new Map() });
  useChatStore.getState().merge(G, [msg('g1', 1, { groupVersion: 4 } as Partial<Message>)]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('group sync and repair', () => {
  it('a reconnect sends the held groups with their versions, keeps groupVersions and derives flow', async () => {
    const calls = mockApi({
      '/message/sync': () => ({
        data: {
          version: 10,
          hasMore: false,
          reset: false,
          conversations: [],
          removedConversationIDs: [],
          messages: [msg('g2', 2, { from: 'me' }), msg('g3', 3)],
          groupVersions: { [G]: 9, GROUP81000002: 3 },
        },
      }),
    });
    noteGroupVersion({ conversationID: G, groupVersion: 6 });
    await onHello({ syncVersion: 10 });
    // The user's own version did not move, but a group chat is held: it syncs by group version.
    await onHello({ syncVersion: 10 });
    expect(calls.map((c) => c.body)).toEqual([{ since: 10, groups: { [G]: 6 } }]);
    const held = useChatStore.getState().byConv[G]!.messages;
    expect(held.map((m) => [m.ID, m.flow])).toEqual([
      ['g1', 'in'],
      ['g2', 'out'],
      ['g3', 'in'],
    ]);
    await onHello({ syncVersion: 10 });
    expect((calls[1]!.body as { groups: unknown }).groups).toEqual({ [G]: 9 });
  });

  it('fills a sequence gap from history and applies an administrator revoke-all', async () => {
    const calls = mockApi({
      '/message/history': () => ({
        data: { messages: [msg('g2', 2), msg('g3', 3, { from: 'amy' }), msg('g4', 4)], isCompleted: false },
      }),
    });
    useChatStore.getState().merge(G, [msg('g5', 5)]);
    await fillGap(G, 1, 5);
    expect(calls.map((c) => c.body)).toEqual([{ conversationID: G, beforeSeq: 5, count: 50 }]);
    expect(useChatStore.getState().byConv[G]!.messages.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5]);
    applyRevokeAll(G, 'bob', 4);
    expect(
      useChatStore.getState().byConv[G]!.messages.map((m) => [m.ID, m.isRevoked ? m.revoker : '']),
    ).toEqual([
      ['g1', 'administrator'],
      ['g2', 'administrator'],
      ['g3', ''],
      ['g4', 'administrator'],
      ['g5', ''],
    ]);
  });
});
