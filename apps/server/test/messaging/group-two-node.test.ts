import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { GroupInfo, Message } from '@parley/protocol';
import { openSocket, type TestSocket } from '../helpers.js';
import { useTwoNodes } from './two-nodes.js';
import { befriend, post, userOn } from './helpers.js';
import { describeWithServices } from '../services.js';

// Two server processes sharing PostgreSQL and Redis: one publish per group message on the group's
// topic reaches the members' sockets on both nodes; sends through both nodes share one gap-free
// sequence; a removed member's node stops delivering to them.
describeWithServices(['DATABASE_URL', 'REDIS_URL'], 'group messaging across two nodes', () => {
  const { nodes, sockets } = useTwoNodes('2g');

  it('sends through both nodes reach every member on either node; removal stops delivery', async () => {
    const owner = await userOn(nodes.a.baseUrl, 'g2O');
    const a = await userOn(nodes.a.baseUrl, 'g2A');
    const b = await userOn(nodes.a.baseUrl, 'g2B');
    // Named in a creation, the creator's friends join at once (others would only be invited).
    await befriend(nodes.a.baseUrl, owner, a);
    await befriend(nodes.a.baseUrl, owner, b);
    const created = await post<GroupInfo>(nodes.a.baseUrl, owner, '/user/groupchat/add', {
      groupName: '两节点',
      wtIds: [a.wtId, b.wtId],
    });
    expect(created.code).toBe(200);
    const g = created.data;
    const id = `GROUP${g.groupNumber}`;
    const [so, sa, sb] = [
      await openSocket(nodes.a.baseUrl, owner.token),
      await openSocket(nodes.b.baseUrl, a.token),
      await openSocket(nodes.b.baseUrl, b.token),
    ];
    sockets.push(so, sa, sb);
    await Promise.all([so, sa, sb].map((s) => s.next((f) => f.type === 'hello')));

    const send = async (node: string, from: typeof owner, text: string) => {
      const res = await post<Message>(node, from, '/message/send', {
        conversationID: id,
        clientMsgId: randomUUID(),
        type: 'text',
        payload: { text },
      });
      if (res.code !== 200) throw new Error(`send failed: ${res.code} ${res.msg}`);
      return res.data;
    };
    const acked = (
      await Promise.all([
        (async () => {
          const out = [];
          for (let i = 0; i < 50; i++) out.push(await send(nodes.a.baseUrl, owner, `a${i}`));
          return out;
        })(),
        (async () => {
          const out = [];
          for (let i = 0; i < 50; i++) out.push(await send(nodes.b.baseUrl, a, `b${i}`));
          return out;
        })(),
      ])
    ).flat();
    // The creation tip is sequence 1.
    expect(acked.map((m) => m.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 2),
    );
    const texts = (s: TestSocket) =>
      s.frames
        .filter((f) => f.type === 'message.new' && (f.data as Message).type === 'text')
        .map((f) => f.data as Message);
    for (const s of [so, sa, sb]) {
      await s.waitFor(() => texts(s).length >= 100, 30_000);
      expect(
        texts(s)
          .map((m) => m.sequence)
          .sort((x, y) => x - y),
      ).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    }

    // b is removed (on node A); node B stops delivering the group to b but not to a.
    const removed = await post(nodes.a.baseUrl, owner, '/user/groupchat/member/remove', {
      groupNumber: g.groupNumber,
      wtIds: [b.wtId],
    });
    expect(removed.code).toBe(200);
    await sb.waitFor(
      (f) =>
        f.type === 'message.new' &&
        (f.data as Message).type === 'groupTip' &&
        (f.data as Message).sequence === 102,
    );
    const after = await send(nodes.a.baseUrl, owner, 'after removal');
    await sa.waitFor((f) => f.type === 'message.new' && (f.data as Message).ID === after.ID);
    // An event of b's own published later on b's channel: had b still been on the topic, the
    // group frame would have come first.
    const pin = await post(nodes.a.baseUrl, b, '/conversation/pin', { conversationID: id, isPinned: true });
    expect(pin.code).toBe(200);
    await sb.waitFor((f) => f.type === 'conversation.updated');
    expect(texts(sb).some((m) => m.ID === after.ID)).toBe(false);
  }, 120_000);
});
