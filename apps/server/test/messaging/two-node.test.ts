import { expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { openSocket } from '../helpers.js';
import { useTwoNodes } from './two-nodes.js';
import { befriend, burst, expectOneOrder, fullHistory, userOn } from './helpers.js';
import { describeWithServices } from '../services.js';

// Two server processes sharing PostgreSQL and Redis: senders on both nodes write into one
// conversation; sequences stay gap-free and every tab on either node receives every message.
describeWithServices(['DATABASE_URL', 'REDIS_URL'], 'messaging across two nodes', () => {
  const { nodes, sockets } = useTwoNodes('2m');

  it('1,000 messages sent through both nodes: one gap-free order, delivered to tabs on both', async () => {
    const a = await userOn(nodes.a.baseUrl, 'twoA');
    const b = await userOn(nodes.a.baseUrl, 'twoB');
    await befriend(nodes.a.baseUrl, a, b);
    // A listens on node B, B on node A: every delivery crosses the bus.
    const ta = await openSocket(nodes.b.baseUrl, a.token);
    const tb = await openSocket(nodes.a.baseUrl, b.token);
    sockets.push(ta, tb);
    await Promise.all([ta, tb].map((s) => s.next((f) => f.type === 'hello')));

    const streams = [
      { node: nodes.a.baseUrl, from: a, to: b },
      { node: nodes.b.baseUrl, from: a, to: b },
      { node: nodes.a.baseUrl, from: b, to: a },
      { node: nodes.b.baseUrl, from: b, to: a },
      { node: nodes.b.baseUrl, from: a, to: b },
    ];
    const acked = (
      await Promise.all(streams.map((s, i) => burst(s.node, [{ from: s.from, to: s.to }], 200, `n${i}`)))
    ).flat();
    expect(acked).toHaveLength(1000);

    const total = 1001; // the add-friend notice first
    expectOneOrder(await fullHistory(nodes.b.baseUrl, a, b), await fullHistory(nodes.a.baseUrl, b, a), total);
    for (const s of [ta, tb]) {
      await s.waitFor(() => s.frames.filter((f) => f.type === 'message.new').length >= total - 1, 60_000);
      const seqs = s.frames
        .filter((f) => f.type === 'message.new' && (f.data as Message).type === 'text')
        .map((f) => (f.data as Message).sequence)
        .sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: total - 1 }, (_, i) => i + 2));
    }
  }, 180_000);

  it('a socket send answers its tab once (ack or push) and pushes to the tab on the other node, no gap', async () => {
    const a = await userOn(nodes.a.baseUrl, 'twoC');
    const b = await userOn(nodes.a.baseUrl, 'twoD');
    await befriend(nodes.a.baseUrl, a, b);
    const sending = await openSocket(nodes.a.baseUrl, a.token);
    const other = await openSocket(nodes.b.baseUrl, a.token);
    sockets.push(sending, other);
    await Promise.all([sending, other].map((s) => s.next((f) => f.type === 'hello')));
    const texts = Array.from({ length: 20 }, (_, i) => `跨节点${i}`);
    texts.forEach((text, i) =>
      sending.send({
        id: `x${i}`,
        type: 'message.send',
        data: { conversationID: `C2C${b.wtId}`, clientMsgId: `x-${i}`, type: 'text', payload: { text } },
      }),
    );
    await sending.waitFor(() => sending.frames.filter((f) => f.type === 'ack').length === texts.length);
    await other.waitFor(() => other.frames.filter((f) => f.type === 'message.new').length === texts.length);
    // Each message reached the sending tab once: in its ack (with the push sequence), or, when the
    // bus delivered it after the ack had gone, as message.new. Together, the pushes have no gap.
    const seqOf = new Map<string, number>();
    for (const f of sending.frames) {
      const m = f.data as Message | null;
      if (f.type === 'ack' && typeof f.seq === 'number') seqOf.set(m!.ID, f.seq);
    }
    await sending.waitFor(
      () => sending.frames.filter((f) => f.type === 'message.new').length + seqOf.size === texts.length,
    );
    for (const f of sending.frames) {
      if (f.type !== 'message.new') continue;
      const id = (f.data as Message).ID;
      expect(seqOf.has(id)).toBe(false);
      seqOf.set(id, Number(f.seq));
    }
    const otherSeqs = new Map(
      other.frames
        .filter((f) => f.type === 'message.new')
        .map((f) => [(f.data as Message).ID, Number(f.seq)]),
    );
    expect(seqOf).toEqual(otherSeqs);
    const seqs = [...seqOf.values()].sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: texts.length }, (_, i) => seqs[0]! + i));
  }, 60_000);
});
