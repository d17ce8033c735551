import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLimits, Limits, type GroupInfo, type GroupMember, type Page } from '@parley/protocol';
import { FakeClock, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { createGroup, newUser, post } from '../groups/helpers.js';
import { fillFriendships, fillMembers, fillUsers } from './fill.js';

// Group limits at their boundary: at the limit accepted, one over refused with code and text.
const G = '/user/groupchat';
const clock = new FakeClock(1_900_000_000_000);
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, clock);
});
afterAll(() => t.close());

const wtIdsOf = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const tooLong = (field: string, text: string) => ({ status: 400, code: 400, msg: text, data: { field } });

describe(`members named in one call (${GroupLimits.maxWtIdsPerCall})`, () => {
  it('creating a group and inviting take 500 users at once, not 501', async () => {
    const owner = await newUser(t, 'per_call');
    const prefix = await fillUsers(t, GroupLimits.maxWtIdsPerCall + 1);
    await fillFriendships(t, owner.wtId, prefix);
    const all = wtIdsOf(prefix, GroupLimits.maxWtIdsPerCall + 1);
    const max = all.slice(0, GroupLimits.maxWtIdsPerCall);
    const over = tooLong('wtIds', '用户列表最多500个');

    expect(await post(t, owner, `${G}/add`, { groupName: '大群', wtIds: all })).toMatchObject(over);
    const created = await post<GroupInfo>(t, owner, `${G}/add`, { groupName: '大群', wtIds: max });
    expect(created).toMatchObject({ code: 200, data: { memberCount: GroupLimits.maxWtIdsPerCall + 1 } });

    const g = await createGroup(t, owner, []);
    const invite = (wtIds: string[]) =>
      post<{ joined: string[] }>(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds });
    expect(await invite(all)).toMatchObject(over);
    const invited = await invite(max);
    expect(invited.code).toBe(200);
    expect(invited.data.joined).toHaveLength(GroupLimits.maxWtIdsPerCall);
    // The other per-call lists hold the same bound.
    for (const [url, extra] of [
      [`${G}/member/remove`, {}],
      [`${G}/admin/batchMuted`, { muteTime: 60 }],
      [`${G}/memberBlack/add`, {}],
    ] as const)
      expect(await post(t, owner, url, { groupNumber: g.groupNumber, wtIds: all, ...extra })).toMatchObject(
        over,
      );
  }, 60_000);
});

describe(`member list page (${GroupLimits.memberPageMax})`, () => {
  it('answers 100 members a page, and refuses a page of 101', async () => {
    const owner = await newUser(t, 'paged');
    const g = await createGroup(t, owner, []);
    expect(await fillMembers(t, g.groupNumber, await fillUsers(t, 150))).toBe(151);
    const page = (pageSize: number, pageNum = 1) =>
      post<Page<GroupMember>>(t, owner, `${G}/member/list`, {
        groupNumber: g.groupNumber,
        pageSize,
        pageNum,
      });
    const first = await page(GroupLimits.memberPageMax);
    expect(first.code).toBe(200);
    expect([first.data.rows.length, first.data.total]).toEqual([100, 151]);
    expect((await page(GroupLimits.memberPageMax, 2)).data.rows).toHaveLength(51);
    // The default page is the largest.
    const byDefault = await post<Page<GroupMember>>(t, owner, `${G}/member/list`, {
      groupNumber: g.groupNumber,
    });
    expect(byDefault.data.rows).toHaveLength(100);
    expect(await page(GroupLimits.memberPageMax + 1)).toMatchObject(
      tooLong('pageSize', '每页条数不能超过100'),
    );
  });
});

describe(`mute length (${GroupLimits.maxMuteSeconds} s, 30 days)`, () => {
  it('mutes for 30 days to the second, not one second more', async () => {
    const owner = await newUser(t, 'muter');
    const member = await newUser(t, 'mutee');
    const g = await createGroup(t, owner, [member]);
    const mute = (muteTime: number) =>
      post<GroupMember[]>(t, owner, `${G}/admin/batchMuted`, {
        groupNumber: g.groupNumber,
        wtIds: [member.wtId],
        muteTime,
      });
    expect(await mute(GroupLimits.maxMuteSeconds + 1)).toMatchObject(
      tooLong('muteTime', '禁言时长不能超过2592000'),
    );
    const muted = await mute(GroupLimits.maxMuteSeconds);
    expect(muted.code).toBe(200);
    expect(muted.data[0]!.muteUntil).toBe(clock.now() / 1000 + 30 * 24 * 3600);
  });
});

describe('group texts: welcome 200, own nickname 15, own remark 16', () => {
  let owner: TestUser;
  let n: string;
  beforeAll(async () => {
    owner = await newUser(t, 'texts');
    n = (await createGroup(t, owner, [])).groupNumber;
  });

  it(`welcome message: ${Limits.welcome} characters`, async () => {
    const at = '欢'.repeat(Limits.welcome);
    const set = (groupWelcomeMsg: string) =>
      post<GroupInfo>(t, owner, `${G}/admin/setWelcomeMsg`, { groupNumber: n, groupWelcomeMsg });
    expect(await set(`${at}迎`)).toMatchObject(tooLong('groupWelcomeMsg', '入群欢迎语不能超过200个字符'));
    expect((await set(at)).data.groupWelcomeMsg).toBe(at);
  });

  it(`own group nickname: ${Limits.nickName} characters; own remark: ${Limits.remark}`, async () => {
    const edit = (body: Record<string, string>) =>
      post<GroupInfo>(t, owner, `${G}/member/editGroup`, { groupNumber: n, ...body });
    // A family emoji is one character (grapheme), several UTF-16 units.
    const nick = `${'昵'.repeat(Limits.nickName - 1)}👨‍👩‍👧`;
    expect(await edit({ groupNickname: `${nick}x` })).toMatchObject(
      tooLong('groupNickname', '群昵称不能超过15个字符'),
    );
    expect((await edit({ groupNickname: nick })).data.selfMember.groupNickname).toBe(nick);
    const remark = '备'.repeat(Limits.remark);
    expect(await edit({ groupNameRemark: `${remark}注` })).toMatchObject(
      tooLong('groupNameRemark', '群备注不能超过16个字符'),
    );
    expect((await edit({ groupNameRemark: remark })).data.selfMember.groupNameRemark).toBe(remark);
  });
});
