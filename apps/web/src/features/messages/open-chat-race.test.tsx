import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { socket } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { useHistory, useMessagesRealtime } from './hooks';
import { useChatStore } from './store';

// A chat opened just as a message arrives: the history page was read before the message was
// stored, and the message.new frame lands before that page does.
const msg = (seq: number): Message =>
  ({
    ID: `m${seq}`,
    clientMsgId: '',
    conversationID: 'C2Cpeer',
    from: 'peer',
    flow: 'in',
    type: 'text',
    sequence: seq,
    time: seq,
    isRevoked: false,
    isDeleted: false,
    payload: { text: `m${seq}` },
  }) as unknown as Message;

/** Delivers a server frame as if it came over the socket. */
const push = (type: string, data: unknown) =>
  act(() =>
    (socket as unknown as { handleMessage(raw: string): void }).handleMessage(JSON.stringify({ type, data })),
  );

function OpenChat({ id }: { id: string }) {
  useMessagesRealtime(id);
  useHistory(id);
  return null;
}

let answerHistory: (() => void) | null = null;
beforeEach(() => {
  useSession.setState({ user: { wtId: 'me' } as ReturnType<typeof useSession.getState>['user'] });
  // `deleted` too: a test may delete one of the chat's messages.
  useChatStore.setState({ byConv: {}, originals: new Map(), deleted: new Map() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/api/, '').split('?')[0]!;
      const data =
        path === '/message/history'
          ? await new Promise((resolve) => {
              answerHistory = () => resolve({ messages: [msg(1), msg(2)], isCompleted: true });
            })
          : null;
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  answerHistory = null;
});

describe('opening a chat while a message arrives', () => {
  it('keeps a message that came before the first page, and the page under it', async () => {
    render(<OpenChat id="C2Cpeer" />);
    await waitFor(() => expect(answerHistory).not.toBeNull());
    push('message.new', msg(3));
    await act(async () => answerHistory!());
    await waitFor(() =>
      expect(useChatStore.getState().byConv.C2Cpeer?.messages.map((m) => m.sequence)).toEqual([1, 2, 3]),
    );
  });

  it('keeps a revoke and a delete that came before the first page, which still shows them as they were', async () => {
    render(<OpenChat id="C2Cpeer" />);
    await waitFor(() => expect(answerHistory).not.toBeNull());
    push('message.updated', { ...msg(2), isRevoked: true, revoker: 'peer', payload: {} });
    push('message.updated', { ...msg(1), isDeleted: true });
    await act(async () => answerHistory!());
    await waitFor(() => expect(useChatStore.getState().byConv.C2Cpeer?.source).toBe('server'));
    const held = useChatStore.getState().byConv.C2Cpeer!.messages;
    expect(held.map((m) => [m.sequence, m.isRevoked])).toEqual([[2, true]]);
  });

  it('does not start a list for a chat that is not open', async () => {
    render(<OpenChat id="C2Cpeer" />);
    await waitFor(() => expect(answerHistory).not.toBeNull());
    push('message.new', { ...msg(5), ID: 'other', conversationID: 'C2Cother' });
    expect(useChatStore.getState().byConv.C2Cother).toBeUndefined();
  });
});
