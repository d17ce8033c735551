import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { useSession } from '../../lib/session';
import { conversationsKey } from './conversations';
import { ingest } from './ingest';
import { useChatStore } from './store';
import { conversationFixture, incomingFixture as incoming } from './test-fixtures';
import { WINDOW_MAX } from './window';

const row = () =>
  queryClient
    .getQueryData<Conversation[]>(conversationsKey('me'))
    ?.find((c) => c.conversationID === 'C2Cpeer');

beforeEach(() => {
  useSession.setState({
    user: { wtId: 'me', nickName: 'Me', avatar: '' } as ReturnType<typeof useSession.getState>['user'],
  });
  useChatStore.setState({ byConv: {}, originals: new Map(), deleted: new Map() });
  queryClient.setQueryData(conversationsKey('me'), [conversationFixture('peer', { lastSequence: 0 })]);
});

describe('a windowed chat (docs/decisions/046)', () => {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => incoming(from + i));
  const conv = () => useChatStore.getState().byConv.C2Cpeer!;
  const seqs = () => conv().messages.map((m) => m.sequence);

  it('a page around a hit replaces the list; the latest page arriving later leaves it', () => {
    ingest('C2Cpeer', range(951, 1000), { from: 'latest', isCompleted: false });
    ingest('C2Cpeer', range(75, 124), { from: 'around', isCompleted: false, hasMore: true });
    ingest('C2Cpeer', range(951, 1000), { from: 'latest', isCompleted: false });
    expect([seqs()[0], seqs().at(-1), conv().reachesNewest]).toEqual([75, 124, false]);
    // The jump to newest does replace it.
    ingest('C2Cpeer', range(951, 1000), { from: 'latest', isCompleted: false, reset: true });
    expect([seqs()[0], seqs().at(-1), conv().reachesNewest, conv().missed]).toEqual([951, 1000, true, 0]);
  });

  it('pushes past the window are not appended but counted; changes inside it are merged', () => {
    ingest('C2Cpeer', range(10, 20), { from: 'around', isCompleted: false, hasMore: true });
    ingest('C2Cpeer', [incoming(500)], { from: 'push', onScreen: true, openID: 'C2Cpeer' });
    ingest('C2Cpeer', [incoming(501, { flow: 'out', from: 'me' })], {
      from: 'push',
      onScreen: true,
      openID: 'C2Cpeer',
    });
    ingest('C2Cpeer', [incoming(15, { isRevoked: true })], { from: 'update', openID: 'C2Cpeer' });
    ingest('C2Cpeer', [incoming(502)], { from: 'sync' });
    expect([seqs().at(-1), conv().missed]).toEqual([20, 1]);
    expect(conv().messages.find((m) => m.sequence === 15)?.isRevoked).toBe(true);
    // The row still moves: the conversation list shows the newest.
    expect(row()?.lastSequence).toBe(501);
  });

  it('newer pages append up to the newest, trimming the oldest beyond the window size', () => {
    ingest('C2Cpeer', range(1, 50), { from: 'around', isCompleted: true, hasMore: true });
    for (let from = 51; from <= 201; from += 50)
      ingest('C2Cpeer', range(from, from + 49), { from: 'newer', hasMore: from < 201 });
    expect(conv().messages).toHaveLength(WINDOW_MAX);
    expect([seqs()[0], seqs().at(-1), conv().isCompleted, conv().reachesNewest]).toEqual([
      251 - WINDOW_MAX,
      250,
      false,
      true,
    ]);
    // Reaching the newest, pushes append again.
    ingest('C2Cpeer', [incoming(251)], { from: 'push', onScreen: true, openID: 'C2Cpeer' });
    expect(seqs().at(-1)).toBe(251);
  });

  it('older pages trim the newest end: the window then stops short of the newest', () => {
    ingest('C2Cpeer', range(951, 1000), { from: 'latest', isCompleted: false });
    for (let to = 950; to > 700; to -= 50)
      ingest('C2Cpeer', range(to - 49, to), { from: 'older', isCompleted: false });
    expect(conv().messages).toHaveLength(WINDOW_MAX);
    expect([seqs()[0], seqs().at(-1), conv().reachesNewest]).toEqual([701, 700 + WINDOW_MAX, false]);
    ingest('C2Cpeer', [incoming(1001)], { from: 'push', onScreen: false, openID: 'C2Cpeer' });
    expect([seqs().at(-1), conv().missed]).toEqual([700 + WINDOW_MAX, 1]);
  });
});
