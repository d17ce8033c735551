import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupTip } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriendAll, createGroup, must, newUser } from './helpers.js';

let t: TestServer;
const tips: GroupTip[] = [];
beforeAll(async () => {
  t = await startTestServer();
  t.server.modules.groups.hooks.on('tip', ({ tip }) => {
    tips.push(tip);
  });
});
afterAll(() => t?.close());

const G = '/user/groupchat';
const brief = (tip: GroupTip) => [
  tip.operationType,
  tip.operatorInfo.nick,
  tip.memberList.map((m) => m.nick),
];

describe('group tips as data (one per change, inside its transaction)', () => {
  it('joins, profile changes, roles, mutes, removals, transfer, quit and dissolution', async () => {
    const owner = await newUser(t, 'to', '老王');
    const a = await newUser(t, 'ta', '小李');
    const b = await newUser(t, 'tb', '小张');
    const c = await newUser(t, 'tc', '小赵');
    const g = await createGroup(t, owner, [a, b]);
    const n = g.groupNumber;
    await must(t, owner, `${G}/edit`, { groupNumber: n, groupName: '新名字', bannedSwitch: 1 });
    await must(t, owner, `${G}/admin/addOrRemove`, { groupNumber: n, wtIds: [a.wtId], identity: 2 });
    await must(t, owner, `${G}/admin/batchMuted`, { groupNumber: n, wtIds: [b.wtId], muteTime: 60 });
    await befriendAll(t, owner, [c]);
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: n, wtIds: [c.wtId] });
    await must(t, a, `${G}/member/remove`, { groupNumber: n, wtIds: [c.wtId] });
    await must(t, owner, `${G}/transfer`, { groupNumber: n, wtId: a.wtId });
    await must(t, owner, `${G}/member/quit`, { groupNumber: n });
    await must(t, a, `${G}/remove`, { groupNumber: n });

    expect(tips.every((tip) => tip.groupNumber === n)).toBe(true);
    expect(tips.map(brief)).toEqual([
      [1, '老王', ['小李', '小张']],
      [6, '老王', []],
      [4, '老王', ['小李']],
      [7, '老王', ['小张']],
      [1, '老王', ['小赵']],
      [3, '小李', ['小赵']],
      [6, '老王', ['小李']],
      [2, '老王', ['老王']],
      [8, '小李', []],
    ]);
    expect(tips[1]!.newGroupProfile).toEqual({ groupName: '新名字', bannedSwitch: 1 });
    expect(tips[3]!.muteTime).toBe(60);
    expect(tips[6]!.newGroupProfile).toEqual({ ownerID: a.wtId });
  });

  it('a failing use case announces no tip (it rolls back with the change)', async () => {
    const owner = await newUser(t, 'tr');
    const g = await createGroup(t, owner, []);
    const before = tips.length;
    const stop = t.server.modules.groups.hooks.on('tip', () => {
      throw new Error('store failed');
    });
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/user/groupchat/edit',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { groupNumber: g.groupNumber, groupName: '不会保存' },
    });
    stop();
    expect(res.statusCode).toBe(500);
    const info = await must<{ name: string }>(t, owner, `${G}/getInfoById`, { groupNumber: g.groupNumber });
    expect(info.name).toBe('测试群');
    // The first handler ran before the failing one; the change itself is gone.
    expect(tips.length).toBe(before + 1);
  });
});
