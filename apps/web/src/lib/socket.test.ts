import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, SocketClient, type SocketStatus } from './socket';

class FakeSocket {
  static OPEN = 1;
  static CONNECTING = 0;
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  send(s: string) {
    this.sent.push(s);
  }
  close(code = 1000, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

describe('socket client', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('names the UI language and the sync version the tab knows in the URL of every (re)connect', () => {
    const client = new SocketClient({ onSessionEnded: vi.fn() }, (t) => `ws://x/ws/${t}`);
    let known: number | null = null;
    client.resumeVersion = () => known;
    client.connect('tok');
    expect(FakeSocket.all[0]!.url).toBe('ws://x/ws/tok?lang=zh-CN');
    FakeSocket.all[0]!.open();
    known = 42;
    FakeSocket.all[0]!.close(1012, 'restart');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all[1]!.url).toBe('ws://x/ws/tok?lang=zh-CN&since=42');
  });

  it('backoff grows exponentially to 10 s with ±50 % jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(500);
    expect(backoffDelay(3, () => 0.5)).toBe(4000);
    expect(backoffDelay(20, () => 0.5)).toBe(10_000);
    expect(backoffDelay(2, () => 0)).toBe(1000);
    expect(backoffDelay(2, () => 0.999)).toBeLessThan(3000);
  });

  it('delivers typed events, reports down while disconnected and reconnects', () => {
    const ended = vi.fn();
    const missed = vi.fn();
    const client = new SocketClient({ onSessionEnded: ended, onMissed: missed }, (t) => `ws://x/ws/${t}`);
    const statuses: SocketStatus[] = [];
    client.onStatus((s) => statuses.push(s));
    const got = vi.fn();
    const off = client.on('counters.updated', got);
    client.connect('tok');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.emit({ type: 'hello', data: { seq: 4, epoch: 'e' } });
    FakeSocket.all[0]!.emit({ type: 'counters.updated', data: { unread: 3 }, seq: 5 });
    expect(got).toHaveBeenCalledWith({ unread: 3 });
    FakeSocket.all[0]!.close(1012, 'restart');
    expect(client.status).toBe('down');
    vi.advanceTimersByTime(1000); // first retry after 250–750 ms
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(client.status).toBe('open');
    // Nothing was pushed while it was down: the hello's sequence is the last one seen.
    FakeSocket.all[1]!.emit({ type: 'hello', data: { seq: 5, epoch: 'e' } });
    expect(missed).not.toHaveBeenCalled();
    off();
    FakeSocket.all[1]!.emit({ type: 'counters.updated', data: { unread: 4 } });
    expect(got).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'open', 'down', 'open']);
    expect(ended).not.toHaveBeenCalled();
  });

  it('tells when pushed frames were missed: a later hello, a new epoch, or a gap', () => {
    const missed = vi.fn();
    const client = new SocketClient({ onSessionEnded: vi.fn(), onMissed: missed }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.emit({ type: 'hello', data: { seq: 10, epoch: 'e' } }); // first hello: nothing known yet
    ws.emit({ type: 'counters.updated', data: {}, seq: 11 });
    expect(missed).not.toHaveBeenCalled();
    ws.emit({ type: 'counters.updated', data: {}, seq: 13 }); // 12 never came
    expect(missed).toHaveBeenCalledTimes(1);
    ws.close(1012, 'restart');
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1]!.open();
    FakeSocket.all[1]!.emit({ type: 'hello', data: { seq: 15, epoch: 'e' } }); // 14 and 15 pushed while down
    expect(missed).toHaveBeenCalledTimes(2);
    FakeSocket.all[1]!.close(1012, 'restart');
    vi.advanceTimersByTime(2000);
    FakeSocket.all[2]!.open();
    FakeSocket.all[2]!.emit({ type: 'hello', data: { seq: 15, epoch: 'other' } }); // sequences restarted
    expect(missed).toHaveBeenCalledTimes(3);
  });

  it('tells when the server says events were lost (sync.required), and hands the frame on', () => {
    const missed = vi.fn();
    const client = new SocketClient({ onSessionEnded: vi.fn(), onMissed: missed }, (t) => `ws://x/ws/${t}`);
    const heard = vi.fn();
    client.on('sync.required', heard);
    client.connect('tok');
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.emit({ type: 'hello', data: { seq: 3, epoch: 'e' } });
    expect(missed).not.toHaveBeenCalled();
    ws.emit({ type: 'sync.required', data: {} });
    expect(missed).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({});
  });

  it('counts an ack’s sequence as seen, also after later pushes, and finds a gap no ack fills', async () => {
    const missed = vi.fn();
    const client = new SocketClient({ onSessionEnded: vi.fn(), onMissed: missed }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.emit({ type: 'hello', data: { seq: 10, epoch: 'e' } });
    const first = client.send('message.send', { text: 'a' });
    const second = client.send('message.send', { text: 'b' });
    const [id1, id2] = ws.sent.map((raw) => (JSON.parse(raw) as { id: string }).id);
    // 11 is the first send's own message.new, held for its ack; the peer's reply (12) comes first.
    ws.emit({ type: 'message.new', data: {}, seq: 12 });
    expect(missed).not.toHaveBeenCalled();
    ws.emit({ type: 'ack', id: id1, code: 200, msg: 'ok', data: { n: 1 }, seq: 11 });
    await expect(first).resolves.toEqual({ n: 1 });
    expect(missed).not.toHaveBeenCalled();
    // 13 never comes, and the last pending ack carries none: frames were missed.
    ws.emit({ type: 'message.new', data: {}, seq: 14 });
    expect(missed).not.toHaveBeenCalled();
    ws.emit({ type: 'ack', id: id2, code: 200, msg: 'ok', data: { n: 2 } });
    await expect(second).resolves.toEqual({ n: 2 });
    expect(missed).toHaveBeenCalledTimes(1);
    // Counted from 14 on.
    ws.emit({ type: 'message.new', data: {}, seq: 15 });
    expect(missed).toHaveBeenCalledTimes(1);
  });

  it('-1 / -2 end the session with the text and never reconnect', () => {
    const ended = vi.fn();
    const client = new SocketClient({ onSessionEnded: ended }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.emit({ type: -1, data: { text: '您已被强制下线' } });
    expect(ended).toHaveBeenCalledWith('您已被强制下线');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.status).toBe('idle');
  });

  it('a close for an ended session (4001/4002) ends it instead of reconnecting', () => {
    const ended = vi.fn();
    const client = new SocketClient({ onSessionEnded: ended }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close(4002, 'logout');
    expect(ended).toHaveBeenCalledWith(undefined);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a tab displaced by newer ones (4004) waits quietly and reconnects when nudged', () => {
    const ended = vi.fn();
    const client = new SocketClient({ onSessionEnded: ended }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close(4004, 'too many connections');
    expect(client.status).toBe('idle'); // no network banner
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1); // no retry loop between tabs
    expect(ended).not.toHaveBeenCalled();
    client.nudge(); // the tab became visible again
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('acks resolve sends', async () => {
    const client = new SocketClient({ onSessionEnded: vi.fn() }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    const ws = FakeSocket.all[0]!;
    ws.open();
    const p = client.send('ping');
    const { id } = JSON.parse(ws.sent[0]!) as { id: string };
    ws.emit({ type: 'ack', id, code: 200, msg: 'ok', data: { pong: 1 } });
    await expect(p).resolves.toEqual({ pong: 1 });
    // A refused frame rejects with the envelope code, so callers can act on it like on REST errors.
    const refused = client.send('ping');
    const second = JSON.parse(ws.sent[1]!) as { id: string };
    ws.emit({ type: 'ack', id: second.id, code: 80001, msg: '敏感内容', data: null });
    await expect(refused).rejects.toMatchObject({ name: 'ApiError', code: 80001, message: '敏感内容' });
  });

  it('a socket that drops fails the frames still waiting for their ack (callers retry)', async () => {
    const client = new SocketClient({ onSessionEnded: vi.fn() }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    const ws = FakeSocket.all[0]!;
    ws.open();
    const waiting = client.send('message.sync', { since: 3 });
    ws.close(1006);
    await expect(waiting).rejects.toThrow('socket closed');
    expect(client.status).toBe('down');
  });

  it('keeps the latest hello for screens that mount after it, and forgets it for another session', () => {
    const client = new SocketClient({ onSessionEnded: vi.fn() }, (t) => `ws://x/ws/${t}`);
    client.connect('tok');
    expect(client.lastHello).toBeNull();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.emit({ type: 'hello', data: { seq: 1, epoch: 'e', syncVersion: 7 } });
    expect(client.lastHello).toMatchObject({ syncVersion: 7 });
    client.connect('other');
    expect(client.lastHello).toBeNull();
  });
});
