import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupCard, GroupInfo } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { createGroup, must, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const G = '/user/groupchat';

describe('a new group’s defaults', () => {
  it('joining by search or QR needs a manager’s approval until the owner opens it', async () => {
    const owner = await newUser(t, 'gdo');
    const stranger = await newUser(t, 'gds');
    const g = await createGroup(t, owner, []);
    expect(g.confirminviteSwitch).toBe(1);
    const card = await must<GroupCard>(t, stranger, `${G}/getCardInfoById`, { groupNumber: g.groupNumber });
    expect(card.confirminviteSwitch).toBe(1);
    const verify = await must<{ needApproval: number; canJoin: number }>(
      t,
      stranger,
      `${G}/member/joinVerify`,
      {
        groupNumber: g.groupNumber,
      },
    );
    expect(verify).toMatchObject({ needApproval: 1, canJoin: 1 });
    const join = await post<{ joined: number }>(t, stranger, `${G}/member/activeJoin`, {
      groupNumber: g.groupNumber,
      applyMessage: '你好',
    });
    expect([join.code, join.msg, join.data.joined]).toEqual([200, '申请已发送', 0]);

    const opened = await must<GroupInfo>(t, owner, `${G}/edit`, {
      groupNumber: g.groupNumber,
      confirminviteSwitch: 0,
    });
    expect(opened.confirminviteSwitch).toBe(0);
  });
});
