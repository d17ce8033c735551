import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@parley/protocol';
import { ApiError } from '../../lib/http';
import { socket } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/toast-store';
import { outbox } from './local';
import { flushOutbox, retries, sendText } from './send';
import { retryDelay } from './send-retry';
import { useChatStore } from './store';
import type { OutgoingMessage } from './types';
import { messageFixture } from './test-fixtures';

// The retries of an unacknowledged send, on a fake clock: the ack timeout and the backoff pass
// when the test moves the clock, never on their own.

const stored = (clientMsgId: string): Message =>
  messageFixture({
    ID: `srv-${clientMsgId}`,
    clientMsgId,
    flow: 'out',
    from: 'me',
    nick: 'Me',
    to: 'peer',
    payload: { text: 'hi' },
    sequence: 3,
  });

/** socket.send under the test's control: each call waits until the test answers it. */
function controlledSend() {
  const calls: { clientMsgId: string; resolve(m: Message): void; reject(e: Error): void }[] = [];
  const spy = vi.spyOn(socket, 'send').mockImplementation(
    (_type: string, data?: unknown) =>
      new Promise((resolve, reject) => {
        const clientMsgId = (data as { clientMsgId: string }).clientMsgId;
        calls.push({ clientMsgId, resolve: resolve as (m: Message) => void, reject });
      }) as never,
  );
  return { calls, spy };
}

const statusOf = (clientMsgId: string) =>
  useChatStore.getState().byConv.C2Cpeer?.messages.find((m) => m.clientMsgId === clientMsgId)?.status;

/** The outbox in memory: IndexedDB's own scheduling is no part of the clock under test. */
const kept = new Map<string, OutgoingMessage>();
const waiting = async () => [...kept.keys()];

beforeEach(() => {
  kept.clear();
  vi.spyOn(outbox, 'add').mockImplementation(async (m) => void kept.set(m.clientMsgId, m));
  vi.spyOn(outbox, 'remove').mockImplementation(async (id) => void kept.delete(id));
  vi.spyOn(outbox, 'list').mockImplementation(async () => [...kept.values()]);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  useSession.setState({
    user: { wtId: 'me', nickName: 'Me', avatar: '' } as ReturnType<typeof useSession.getState>['user'],
  });
  useChatStore.setState({ byConv: {}, originals: new Map() });
  socket.status = 'open';
});
afterEach(() => {
  for (const id of kept.keys()) retries.forget(id);
  vi.useRealTimers();
  vi.restoreAllMocks();
  socket.status = 'idle';
});

describe('retries of an unacknowledged send', () => {
  it('waits 2 s, 4 s, 8 s, 16 s, then 30 s between retries', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('no ack: the same clientMsgId goes out again after each backoff until one is acknowledged', async () => {
    const { calls } = controlledSend();
    const delivery = sendText('C2Cpeer', 'hi', undefined, 'cid-a');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-a']);

    await vi.advanceTimersByTimeAsync(15_000); // the ack timeout
    expect(await delivery).toBe('queued');
    expect(statusOf('cid-a')).toBe('unSend');
    expect(await waiting()).toEqual(['cid-a']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-a', 'cid-a']);

    await vi.advanceTimersByTimeAsync(15_000 + 3999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-a', 'cid-a', 'cid-a']);

    calls[2]!.resolve(stored('cid-a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statusOf('cid-a')).toBe('success');
    expect(await waiting()).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(3);
  });

  it('a server that cannot serve now (500, 503) is retried without a toast; the message is not failed', async () => {
    const { calls } = controlledSend();
    const shown = vi.spyOn(toast, 'error');
    const delivery = sendText('C2Cpeer', 'hi', undefined, 'cid-b');
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.reject(new ApiError(500, '系统未知错误，请反馈给管理员', 0));
    expect(await delivery).toBe('queued');
    await vi.advanceTimersByTimeAsync(2000);
    calls[1]!.reject(new ApiError(503, 'degraded', 0));
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-b', 'cid-b', 'cid-b']);
    expect(statusOf('cid-b')).toBe('unSend');
    calls[2]!.resolve(stored('cid-b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statusOf('cid-b')).toBe('success');
    expect(shown).not.toHaveBeenCalled();
  });

  it('a refusal on a retry ends the retries: the message is failed and leaves the outbox', async () => {
    const { calls } = controlledSend();
    const shown = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    void sendText('C2Cpeer', 'hi', undefined, 'cid-c');
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.advanceTimersByTimeAsync(2000);
    calls[1]!.reject(new ApiError(26001, '该clientMsgId已用于其他会话，请换一个', 409));
    await vi.advanceTimersByTimeAsync(0);
    expect(statusOf('cid-c')).toBe('fail');
    expect(shown).toHaveBeenCalledWith('该clientMsgId已用于其他会话，请换一个');
    expect(await waiting()).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
  });

  it('an ack that comes after the timeout delivers it and cancels the waiting retry', async () => {
    const { calls } = controlledSend();
    void sendText('C2Cpeer', 'hi', undefined, 'cid-d');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(retries.waiting('cid-d')).toBe(true);
    calls[0]!.resolve(stored('cid-d'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statusOf('cid-d')).toBe('success');
    expect(retries.waiting('cid-d')).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
  });

  it('a socket that closes while a retry waits sends nothing; the reconnect sends the outbox', async () => {
    const { calls } = controlledSend();
    void sendText('C2Cpeer', 'hi', undefined, 'cid-e');
    void sendText('C2Cpeer', 'hi', undefined, 'cid-f');
    await vi.advanceTimersByTimeAsync(15_000);
    socket.status = 'down';
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-e', 'cid-f']);

    socket.status = 'open';
    const flushed = flushOutbox();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-e', 'cid-f', 'cid-e']);
    calls[2]!.resolve(stored('cid-e'));
    await vi.advanceTimersByTimeAsync(0);
    calls[3]!.resolve(stored('cid-f'));
    await flushed;
    expect(calls.map((c) => c.clientMsgId)).toEqual(['cid-e', 'cid-f', 'cid-e', 'cid-f']);
    expect([statusOf('cid-e'), statusOf('cid-f')]).toEqual(['success', 'success']);
    expect(await waiting()).toEqual([]);
  });
});
