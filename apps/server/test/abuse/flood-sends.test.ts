import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_BURST, MAX_DROPPED_IN_A_ROW } from '../../src/realtime/frames.js';
import { FakeClock, openSocket, startTestServer, type TestServer } from '../helpers.js';
import { befriend, c2c, fullHistory, newUser } from '../messaging/helpers.js';

// A socket flooding message.send: every send it stored is acknowledged before the socket is closed
// for flooding, and every frame beyond the limit is refused in its own ack; none is stored silently.
// The fake clock keeps the frame budget from refilling while the flood is read.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 }, clock);
});
afterAll(() => t.close());

describe('a flooding socket', () => {
  it('acknowledges each stored send and refuses the rest, then closes with 1008', async () => {
    const a = await newUser(t, 'flooder');
    const b = await newUser(t, 'flooded');
    await befriend(t, a, b);
    const s = await openSocket(t, a.token);
    await s.next((f) => f.type === 'hello');
    const n = FRAME_BURST + MAX_DROPPED_IN_A_ROW + 20;
    for (let i = 0; i < n; i++) {
      s.send({
        id: i,
        type: 'message.send',
        data: { conversationID: c2c(b), clientMsgId: randomUUID(), type: 'text', payload: { text: `m${i}` } },
      });
    }
    expect(await s.closed).toEqual({ code: 1008, reason: 'too many frames' });
    const acks = s.frames.filter((f) => f.type === 'ack') as unknown as Array<{
      id: number;
      code: number;
      data: { ID: string } | null;
    }>;
    const stored = acks.filter((f) => f.code === 200);
    // Answers leave as their sends commit (PostgreSQL overlaps them): compare as sets.
    expect(stored.map((f) => f.id).sort((x, y) => x - y)).toEqual(
      Array.from({ length: FRAME_BURST }, (_, i) => i),
    );
    expect(acks.filter((f) => f.code !== 200).every((f) => f.code === 429 && f.id >= FRAME_BURST)).toBe(true);
    expect(acks.length).toBeGreaterThan(FRAME_BURST + MAX_DROPPED_IN_A_ROW);
    // What is stored is exactly what was acknowledged.
    const history = await fullHistory(t, b, a);
    expect(
      history
        .filter((m) => m.type === 'text')
        .map((m) => m.ID)
        .sort(),
    ).toEqual(stored.map((f) => f.data!.ID).sort());
  });
});
