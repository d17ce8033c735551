import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { openSocket } from '../helpers.js';
import { servicesFor } from '../realtime/helpers.js';
import { useTwoNodes } from './two-nodes.js';
import { befriend, burst, expectOneOrder, fullHistory, userOn } from './helpers.js';

// Two server processes sharing PostgreSQL and Redis: senders on both nodes write into one
// conversation; sequences stay gap-free and every tab on either node receives every message.
const services = servicesFor(['DATABASE_URL', 'REDIS_URL']);

describe.skipIf(!services.run)('messaging across two nodes', () => {
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
});
