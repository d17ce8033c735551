import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@parley/protocol';
import {
  FakeClock,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
  type TestUser,
} from '../helpers.js';
import { befriend, c2c, conversation, fullHistory, post, sent, sync, userOn } from './helpers.js';

let t: TestServer;
const clock = new FakeClock();
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 }, clock);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function tab(token: string, query?: string): Promise<TestSocket> {
  const s = await openSocket(t, token, query);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

/**
 * A backlog of `n` texts from `from` to `to`, built through the API the quick way: 25 sent one by
 * one, then forwarded again (a forward writes each message again, in order), doubling up to 100 a
 * call. Returned in the order of their sequence.
 */
async function backlog(from: TestUser, to: TestUser, n: number, prefix: string): Promise<Message[]> {
  const out: Message[] = [];
  for (let i = 0; i < Math.min(n, 25); i++) out.push(await sent(t, from, to, `${prefix}${i}`));
  while (out.length < n) {
    const res = await post<{ messages: Message[] }>(t, from, '/message/forward', {
      forwardId: randomUUID(),
      messageIDs: out.slice(0, Math.min(100, n - out.length)).map((m) => m.ID),
      conversationIDs: [c2c(to)],
      mode: 'single',
    });
    if (res.code !== 200) throw new Error(`forward failed: ${res.code} ${res.msg}`);
    out.push(...res.data.messages);
  }
  return out.sort((x, y) => x.sequence - y.sequence);
}

type HelloData = { syncVersion: number; syncSince?: number; sync?: Awaited<ReturnType<typeof sync>> };
const helloOf = (s: TestSocket) => s.frames.find((f) => f.type === 'hello')!.data as HelloData;

describe('sync after a reconnect', () => {
  it('one call returns exactly the 200 missed messages, the revokes, the delete and the read', async () => {
    const a = await userOn(t, 'syncA');
    const b = await userOn(t, 'syncB');
    await befriend(t, a, b);
    const first = await sync(t, a, 0);
    expect(first.conversations.map((c) => c.conversationID)).toEqual([c2c(b)]);
    const since = first.version;
    expect((await sync(t, a, since)).messages).toEqual([]);
    const bSince = (await sync(t, b, 0)).version;

    // A is offline (no socket). B sends 200 messages, revokes three; A, on another device, reads up
    // to the 150th and deletes the 10th for themselves.
    const missed = await backlog(b, a, 200, 'm');
    const revoked = [missed[5]!, missed[120]!, missed[199]!];
    for (const m of revoked) {
      expect((await post(t, b, '/message/revoke', { messageID: m.ID })).code).toBe(200);
    }
    const readSeq = missed[149]!.sequence;
    expect((await post(t, a, '/conversation/read', { conversationID: c2c(b), seq: readSeq })).code).toBe(200);
    expect((await post(t, a, '/message/delete', { messageIDs: [missed[9]!.ID] })).code).toBe(200);

    const got = await sync(t, a, since);
    expect(got.hasMore).toBe(false);
    expect(got.removedConversationIDs).toEqual([]);
    expect(got.messages.map((m) => m.ID)).toEqual(missed.map((m) => m.ID));
    expect(got.messages.filter((m) => m.isRevoked).map((m) => m.ID)).toEqual(revoked.map((m) => m.ID));
    expect(got.messages.filter((m) => m.isDeleted).map((m) => m.ID)).toEqual([missed[9]!.ID]);
    expect(got.messages.every((m) => m.flow === 'in' && m.conversationID === c2c(b))).toBe(true);
    expect(got.conversations).toHaveLength(1);
    // Unread after the read cursor: the last 50 messages, minus the revoked 200th.
    expect(got.conversations[0]).toMatchObject({
      conversationID: c2c(b),
      readSequence: readSeq,
      unreadCount: 49,
      lastSequence: missed[199]!.sequence,
    });
    // Nothing more after that version.
    const after = await sync(t, a, got.version);
    expect([after.messages, after.conversations, after.hasMore]).toEqual([[], [], false]);

    // B, syncing too, learns the read (peerReadSequence) and sees the same messages as sent.
    const forB = await sync(t, b, bSince);
    expect(forB.conversations.map((c) => [c.conversationID, c.peerReadSequence])).toEqual([
      [c2c(a), readSeq],
    ]);
    expect(forB.messages.map((m) => m.ID)).toEqual(missed.map((m) => m.ID));
    expect(forB.messages.filter((m) => m.isPeerRead).length).toBe(150); // up to the read cursor
    expect(forB.messages.some((m) => m.isDeleted)).toBe(false);
  });

  it('catches up on the socket that came back: hello carries the new version, message.sync answers as the route', async () => {
    const a = await userOn(t, 'sfA');
    const b = await userOn(t, 'sfB');
    await befriend(t, a, b);
    const first = await tab(a.token);
    const known = first.frames.find((f) => f.type === 'hello')!.data as { syncVersion: number };
    first.close();
    await first.closed;

    const missed = [await sent(t, b, a, 'while away 1'), await sent(t, b, a, 'while away 2')];
    const again = await tab(a.token);
    const hello = again.frames.find((f) => f.type === 'hello')!.data as { syncVersion: number };
    expect(hello.syncVersion).toBeGreaterThan(known.syncVersion);

    again.send({ id: 's1', type: 'message.sync', data: { since: known.syncVersion } });
    const ack = await again.next((f) => f.type === 'ack' && f.id === 's1');
    expect(ack).toMatchObject({ code: 200, msg: 'ok' });
    const got = ack.data as Awaited<ReturnType<typeof sync>>;
    expect(got.messages.map((m) => m.ID)).toEqual(missed.map((m) => m.ID));
    expect(got.version).toBe(hello.syncVersion);
    expect(got).toEqual(await sync(t, a, known.syncVersion));

    // The frame checks its data like the route checks its body.
    again.send({ id: 's2', type: 'message.sync', data: { since: 'yesterday' } });
    expect(await again.next((f) => f.type === 'ack' && f.id === 's2')).toMatchObject({
      code: 400,
      msg: '同步位置格式不正确',
    });
  });

  it('answers the catch-up in hello when the socket URL names the version the client knows', async () => {
    const a = await userOn(t, 'shA');
    const b = await userOn(t, 'shB');
    await befriend(t, a, b);
    const first = await tab(a.token, 'since=0');
    const known = helloOf(first).syncVersion;
    first.close();
    await first.closed;

    const missed = [
      await sent(t, b, a, 'away 1'),
      await sent(t, b, a, 'away 2'),
      await sent(t, b, a, 'away 3'),
    ];
    expect((await post(t, b, '/message/revoke', { messageID: missed[1]!.ID })).code).toBe(200);
    const again = await tab(a.token, `since=${known}`);
    const hello = helloOf(again);
    expect(hello.syncSince).toBe(known);
    // Exactly what message.sync {since} answers (less the group versions: group chats sync apart),
    // and it brings the client to hello's version.
    const { groupVersions, ...own } = await sync(t, a, known);
    expect(groupVersions).toEqual({});
    expect(hello.sync).toEqual(own);
    expect(hello.sync!.messages.map((m) => [m.ID, m.isRevoked])).toEqual([
      [missed[0]!.ID, false],
      [missed[1]!.ID, true],
      [missed[2]!.ID, false],
    ]);
    expect(hello.sync!.version).toBe(hello.syncVersion);
    expect(hello.sync!.conversations.map((c) => [c.conversationID, c.unreadCount])).toEqual([[c2c(b), 2]]);

    // Up to date, or a version the client cannot know (ahead of the server): nothing to catch up.
    for (const since of [hello.syncVersion, hello.syncVersion + 5]) {
      const s = await tab(a.token, `since=${since}`);
      expect(helloOf(s)).toMatchObject({ syncVersion: hello.syncVersion });
      expect(helloOf(s)).not.toHaveProperty('sync');
      expect(helloOf(s)).not.toHaveProperty('syncSince');
    }
    // A malformed `since` is ignored: hello as without one (the client syncs by frame).
    for (const query of [
      'since=abc',
      'since=-1',
      'since=1e3',
      `since=${'9'.repeat(16)}`,
      `since=${'1'.repeat(4_000)}`,
    ]) {
      const s = await tab(a.token, query);
      expect(helloOf(s).syncVersion).toBe(hello.syncVersion);
      expect(helloOf(s)).not.toHaveProperty('sync');
    }
    // Other query parameters around it do not matter.
    const mixed = await tab(a.token, `v=2&since=${known}&x=1`);
    expect(helloOf(mixed).sync).toEqual(hello.sync);
  });

  it('does not send again what the user cleared or deleted the conversation of', async () => {
    const a = await userOn(t, 'clsA');
    const b = await userOn(t, 'clsB');
    const c = await userOn(t, 'clsC');
    await befriend(t, a, b);
    await befriend(t, a, c);
    const since = (await sync(t, a, 0)).version;
    await sent(t, b, a, 'b1');
    await sent(t, c, a, 'c1');
    await post(t, a, '/conversation/clearHistory', { conversationID: c2c(b) });
    await post(t, a, '/conversation/delete', { conversationID: c2c(c), clearHistory: true });
    const got = await sync(t, a, since);
    expect(got.messages).toEqual([]);
    expect(got.conversations.map((x) => [x.conversationID, x.lastMessage, x.unreadCount])).toEqual([
      [c2c(b), null, 0],
    ]);
    expect(got.removedConversationIDs).toEqual([c2c(c)]);
  });

  it("hello carries the user's sync version", async () => {
    const a = await userOn(t, 'helloA');
    const b = await userOn(t, 'helloB');
    await befriend(t, a, b);
    await sent(t, b, a, 'before the socket');
    const s = await openSocket(t, a.token);
    sockets.push(s);
    const hello = await s.next((f) => f.type === 'hello');
    expect((hello.data as { syncVersion: number }).syncVersion).toBe((await sync(t, a, 0)).version);
  });

  it('pages a large backlog: hasMore until the last page, nothing lost or repeated', async () => {
    // 1,100 messages (more than a page of 1,000) from four friends, written at the same time.
    const a = await userOn(t, 'pageA');
    const peers = [
      await userOn(t, 'pageB'),
      await userOn(t, 'pageC'),
      await userOn(t, 'pageD'),
      await userOn(t, 'pageE'),
    ];
    for (const p of peers) await befriend(t, a, p);
    const since = (await sync(t, a, 0)).version;
    const backlogs = await Promise.all(peers.map((p, i) => backlog(p, a, 275, `p${i}-`)));
    const seen: Message[] = [];
    let v = since;
    let pages = 0;
    for (;;) {
      const page = await sync(t, a, v);
      pages += 1;
      seen.push(...page.messages);
      v = page.version;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(2);
    // Every message once; each conversation's in its order.
    expect(seen.map((m) => m.ID).sort()).toEqual(
      backlogs
        .flat()
        .map((m) => m.ID)
        .sort(),
    );
    peers.forEach((p, i) =>
      expect(seen.filter((m) => m.conversationID === c2c(p)).map((m) => m.ID)).toEqual(
        backlogs[i]!.map((m) => m.ID),
      ),
    );
  }, 60_000);
});

describe('receipts and typing', () => {
  it('the peer reading moves isPeerRead and tells the sender live (message.read)', async () => {
    const a = await userOn(t, 'rcA');
    const b = await userOn(t, 'rcB');
    await befriend(t, a, b);
    const aTab = await tab(a.token);
    const m1 = await sent(t, a, b, 'one');
    const m2 = await sent(t, a, b, 'two');
    expect((await conversation(t, b, a)).unreadCount).toBe(2);

    const read = await post<Conversation>(t, b, '/conversation/read', { conversationID: c2c(a) });
    expect(read.data).toMatchObject({ unreadCount: 0, readSequence: m2.sequence });
    const f = await aTab.next((x) => x.type === 'message.read');
    expect(f.data).toEqual({ conversationID: c2c(b), readerID: b.wtId, seq: m2.sequence });
    const hist = await post<{ messages: Message[] }>(t, a, '/message/history', { conversationID: c2c(b) });
    const mine = hist.data.messages.filter((m) => m.ID === m1.ID || m.ID === m2.ID);
    expect(mine.map((m) => m.isPeerRead)).toEqual([true, true]);
    expect((await conversation(t, a, b)).peerReadSequence).toBe(m2.sequence);
  });

  it('a reply reads what came before it: the peer is told live, and only when the cursor passed unread messages', async () => {
    const a = await userOn(t, 'rpA');
    const b = await userOn(t, 'rpB');
    await befriend(t, a, b);
    const aTab = await tab(a.token);
    const m1 = await sent(t, a, b, 'one');
    const m2 = await sent(t, a, b, 'two');
    const reply = await sent(t, b, a, 'reply');
    const f = await aTab.next((x) => x.type === 'message.read');
    expect(f.data).toEqual({ conversationID: c2c(b), readerID: b.wtId, seq: reply.sequence });
    // It came with B's message, after it.
    const order = aTab.frames.map((x) => x.type).filter((x) => x === 'message.new' || x === 'message.read');
    expect(order.slice(-2)).toEqual(['message.new', 'message.read']);
    const mine = (await fullHistory(t, a, b)).filter((m) => m.ID === m1.ID || m.ID === m2.ID);
    expect(mine.map((m) => m.isPeerRead)).toEqual([true, true]);
    expect((await conversation(t, a, b)).peerReadSequence).toBe(reply.sequence);
    // A second reply passes nothing unread: no second frame. A's next message is then read by B's reply.
    const again = await sent(t, b, a, 'again');
    const m3 = await sent(t, a, b, 'three');
    const third = await sent(t, b, a, 'third');
    const reads = (await aTab.next((x) => x.type === 'message.read')).data as { seq: number };
    expect(reads.seq).toBe(third.sequence);
    expect(again.sequence).toBeLessThan(m3.sequence);
    expect(aTab.frames.filter((x) => x.type === 'message.read')).toHaveLength(2);
    // The same both ways: A's next message passes B's unread 'third', and B is told.
    const bTab = await tab(b.token);
    const four = await sent(t, a, b, 'four');
    expect((await bTab.next((x) => x.type === 'message.read')).data).toEqual({
      conversationID: c2c(a),
      readerID: a.wtId,
      seq: four.sequence,
    });
  });

  it('the message.read frame does the same as the route', async () => {
    const a = await userOn(t, 'rfA');
    const b = await userOn(t, 'rfB');
    await befriend(t, a, b);
    const aTab = await tab(a.token);
    const bTab = await tab(b.token);
    const m = await sent(t, a, b, 'x');
    bTab.send({ id: 'r1', type: 'message.read', data: { conversationID: c2c(a), seq: m.sequence } });
    expect(await bTab.next((x) => x.type === 'ack' && x.id === 'r1')).toMatchObject({
      code: 200,
      data: { conversationID: c2c(a), unreadCount: 0 },
    });
    expect((await aTab.next((x) => x.type === 'message.read')).data).toMatchObject({ seq: m.sequence });
  });

  it('typing is relayed to the peer, never stored', async () => {
    const a = await userOn(t, 'tyA');
    const b = await userOn(t, 'tyB');
    await befriend(t, a, b);
    const aTab = await tab(a.token);
    const bTab = await tab(b.token);
    aTab.send({ id: 't1', type: 'typing', data: { conversationID: c2c(b) } });
    expect(await aTab.next((x) => x.type === 'ack' && x.id === 't1')).toMatchObject({
      code: 200,
      data: null,
    });
    expect((await bTab.next((x) => x.type === 'typing')).data).toEqual({
      conversationID: c2c(a),
      fromID: a.wtId,
    });
    const hist = await post<{ messages: Message[] }>(t, b, '/message/history', { conversationID: c2c(a) });
    expect(hist.data.messages.filter((m) => m.type !== 'custom')).toEqual([]);

    // Once b blocks a, a's typing reaches nobody (and a is not told).
    await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId });
    aTab.send({ id: 't2', type: 'typing', data: { conversationID: c2c(b) } });
    expect(await aTab.next((x) => x.type === 'ack' && x.id === 't2')).toMatchObject({
      code: 200,
      data: null,
    });
    await post(t, b, '/conversation/pin', { conversationID: c2c(a), isPinned: true });
    await bTab.next((x) => x.type === 'conversation.updated');
    expect(bTab.frames.filter((x) => x.type === 'typing')).toHaveLength(1);
  });
});
