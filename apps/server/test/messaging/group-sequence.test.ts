import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { createGroup, gid, groupHistory, newIn, newUser, ready, sendGroup } from './group-helpers.js';

// 1,000 group messages from 5 concurrent senders: sequences 1..N with no gap under the conversation
// row lock, one stored copy each, the same order for every reader, every message live on every socket.

const SENDERS = 5;
const PER_SENDER = 200;

describe('group: concurrent senders', () => {
  let t: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestServer({ messageSendPerMinute: 100_000 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('1,000 messages from 5 members: gap-free sequences, one order, all delivered live', async () => {
    const members = [];
    for (let i = 0; i < SENDERS; i++) members.push(await newUser(t, `gq${i}`));
    const [owner, ...rest] = members;
    const g = await createGroup(t, owner!, rest);
    for (const m of members) sockets.push(await ready(t, m));

    await Promise.all(
      members.map(async (m, s) => {
        for (let i = 0; i < PER_SENDER; i++) {
          const res = await sendGroup(t, m, g, `s${s}-${i}`, { clientMsgId: `gq${s}-${i}` });
          if (res.code !== 200) throw new Error(`send failed: ${res.code} ${res.msg}`);
        }
      }),
    );

    // The creation tip is sequence 1.
    const total = SENDERS * PER_SENDER + 1;
    const seen = await groupHistory(t, members[1]!, g);
    expect(seen.map((m) => m.sequence)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect((await groupHistory(t, owner!, g)).map((m) => m.ID)).toEqual(seen.map((m) => m.ID));
    // Each sender's messages keep their order.
    for (let s = 0; s < SENDERS; s++) {
      const mine = seen.filter((m) => (m.payload.text as string | undefined)?.startsWith(`s${s}-`));
      expect(mine.map((m) => m.payload.text)).toEqual(
        Array.from({ length: PER_SENDER }, (_, i) => `s${s}-${i}`),
      );
    }
    for (const s of sockets) {
      await s.waitFor(() => newIn(s, gid(g)).length >= total - 1, 60_000);
      const seqs = newIn(s, gid(g))
        .filter((m: Message) => m.type === 'text')
        .map((m) => m.sequence)
        .sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: total - 1 }, (_, i) => i + 2));
    }
  }, 120_000);
});
