import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@parley/protocol';
import { socket } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { idb } from './idb';
import { outbox } from './local';
import { flushOutbox, sendText } from './send';
import { useChatStore } from './store';
import { messageFixture } from './test-fixtures';

const stored = (clientMsgId: string, text: string): Message =>
  messageFixture({
    ID: `srv-${clientMsgId}`,
    clientMsgId,
    flow: 'out',
    from: 'me',
    nick: 'Me',
    to: 'peer',
    payload: { text },
    sequence: 7,
  });

beforeEach(() => {
  useSession.setState({
    user: { wtId: 'me', nickName: 'Me', avatar: '' } as ReturnType<typeof useSession.getState>['user'],
  });
  useChatStore.setState({ byConv: {}, originals: new Map() });
});
afterEach(() => {
  vi.restoreAllMocks();
  socket.status = 'idle';
});

describe('outbox', () => {
  it('a message is kept on the device before its spinner shows (closing the tab then loses nothing)', async () => {
    socket.status = 'down';
    const add = vi.spyOn(outbox, 'add');
    let storedWhenShown: boolean | null = null;
    const unsubscribe = useChatStore.subscribe((state) => {
      if (storedWhenShown === null && state.byConv.C2Cpeer?.messages.length) {
        storedWhenShown = add.mock.results.length === 1 && add.mock.settledResults?.[0]?.type === 'fulfilled';
      }
    });
    expect(await sendText('C2Cpeer', '先存再显示', undefined, 'cid-0')).toBe('queued');
    unsubscribe();
    expect(storedWhenShown).toBe(true);
    await outbox.remove('cid-0');
  });

  it('a message written while down waits in the outbox (spinner), survives a reload, and goes out with the same clientMsgId', async () => {
    socket.status = 'down';
    const send = vi.spyOn(socket, 'send');
    expect(await sendText('C2Cpeer', '离线写的', undefined, 'cid-1')).toBe('queued');
    expect(send).not.toHaveBeenCalled();
    expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => [m.clientMsgId, m.status])).toEqual([
      ['cid-1', 'unSend'],
    ]);
    expect((await outbox.list('me')).map((m) => m.clientMsgId)).toEqual(['cid-1']);

    // A reload: the tab's memory is gone, the outbox is not.
    useChatStore.setState({ byConv: {} });
    idb.reset();
    socket.status = 'open';
    send.mockImplementation(async (_type: string, data?: unknown) =>
      stored((data as { clientMsgId: string }).clientMsgId, '离线写的'),
    );
    await flushOutbox();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBe('message.send');
    expect(send.mock.calls[0]![1]).toMatchObject({
      conversationID: 'C2Cpeer',
      clientMsgId: 'cid-1',
      type: 'text',
      payload: { text: '离线写的' },
    });
    expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => [m.ID, m.status])).toEqual([
      ['srv-cid-1', 'success'],
    ]);
    expect(await outbox.list('me')).toEqual([]);
  });

  it('a lost ack keeps the message in the outbox; the retry sends the same clientMsgId; a refusal marks it failed', async () => {
    socket.status = 'open';
    const send = vi.spyOn(socket, 'send').mockRejectedValueOnce(new Error('socket closed'));
    expect(await sendText('C2Cpeer', '第一次', undefined, 'cid-2')).toBe('queued');
    send.mockResolvedValueOnce(stored('cid-2', '第一次'));
    await flushOutbox();
    expect(send.mock.calls.map((c) => (c[1] as { clientMsgId: string }).clientMsgId)).toEqual([
      'cid-2',
      'cid-2',
    ]);
    expect(await outbox.list('me')).toEqual([]);

    send.mockRejectedValueOnce(new Error('消息内容过长，请减少长度后重试'));
    expect(await sendText('C2Cpeer', 'x'.repeat(20_000), undefined, 'cid-3')).toBe('failed');
    const failed = useChatStore.getState().byConv.C2Cpeer!.messages.find((m) => m.clientMsgId === 'cid-3');
    expect(failed?.status).toBe('fail');
    expect(await outbox.list('me')).toEqual([]);
  });
});
