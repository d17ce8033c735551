import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { befriend, burst, expectOneOrder, fullHistory, userOn } from './helpers.js';

// 1,000 messages from 5 concurrent senders (three streams of A, two of B, all in the A–B
// conversation): one stored copy each, sequences 1..N with no gap, the same order for both readers,
// and every message delivered live to both.

const STREAMS = 5;
const PER_STREAM = 200;

describe('concurrent senders', () => {
  let t: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestServer({ messageSendPerMinute: 100_000 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('1,000 messages from 5 streams: gap-free sequences, one order for every reader', async () => {
    const a = await userOn(t, 'seqA');
    const b = await userOn(t, 'seqB');
    await befriend(t, a, b);
    const [ta, tb] = [await openSocket(t, a.token), await openSocket(t, b.token)];
    sockets.push(ta, tb);
    await Promise.all([ta, tb].map((s) => s.next((f) => f.type === 'hello')));

    const senders = Array.from({ length: STREAMS }, (_, i) =>
      i < 3 ? { from: a, to: b } : { from: b, to: a },
    );
    const acked = await burst(t, senders, PER_STREAM);
    expect(acked).toHaveLength(STREAMS * PER_STREAM);

    // The add-friend notice is sequence 1; the burst follows it.
    const total = STREAMS * PER_STREAM + 1;
    const [forA, forB] = [await fullHistory(t, a, b), await fullHistory(t, b, a)];
    expectOneOrder(forA, forB, total);
    expect(new Set(acked.map((m) => m.sequence)).size).toBe(acked.length);

    // Live: each reader got every message once.
    for (const s of [ta, tb]) {
      await s.waitFor(() => s.frames.filter((f) => f.type === 'message.new').length >= total - 1, 60_000);
      const seqs = s.frames
        .filter((f) => f.type === 'message.new' && (f.data as Message).type === 'text')
        .map((f) => (f.data as Message).sequence)
        .sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: total - 1 }, (_, i) => i + 2));
    }
  }, 120_000);
});
