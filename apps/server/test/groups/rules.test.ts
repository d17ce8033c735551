import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type GroupApplication, type GroupInfo, type Page } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend } from '../friends/helpers.js';
import { befriendAll, createGroup, must, newUser, post, setLevel } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const G = '/user/groupchat';
type Users = TestUser[] & { [K in 0 | 1 | 2 | 3 | 4]: TestUser };
const users = async (n: number, prefix = 'gr'): Promise<Users> => {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) out.push(await newUser(t, `${prefix}${i}`));
  return out as Users;
};

describe('group boundaries', () => {
  it('group name: 16 characters pass, 17 answer 400 群名称不能超过16个字符; empty 群名称不能为空', async () => {
    const [owner] = await users(1);
    const ok = await post<GroupInfo>(t, owner, `${G}/add`, { groupName: '一'.repeat(16), wtIds: [] });
    expect([ok.code, ok.msg, ok.data.name]).toEqual([200, '群组创建成功', '一'.repeat(16)]);
    const long = await post(t, owner, `${G}/add`, { groupName: '一'.repeat(17), wtIds: [] });
    expect(long).toMatchObject({ status: 400, code: 400, msg: '群名称不能超过16个字符' });
    const empty = await post(t, owner, `${G}/add`, { groupName: '  ', wtIds: [] });
    expect(empty).toMatchObject({ status: 400, code: 400, msg: '群名称不能为空' });
    const edit = await post(t, owner, `${G}/edit`, {
      groupNumber: ok.data.groupNumber,
      groupName: 'x'.repeat(17),
    });
    expect(edit).toMatchObject({ status: 400, code: 400, msg: '群名称不能超过16个字符' });
  });

  it('notice: 3000 characters pass, 3001 answer 400 群公告不能超过3000个字符; a megabyte is refused cheaply', async () => {
    const [owner] = await users(1);
    const g = await createGroup(t, owner, []);
    const ok = await post<GroupInfo>(t, owner, `${G}/edit`, {
      groupNumber: g.groupNumber,
      groupNotice: '告'.repeat(3000),
    });
    expect(ok.data.groupNotice.length).toBe(3000);
    const over = await post(t, owner, `${G}/edit`, {
      groupNumber: g.groupNumber,
      groupNotice: '告'.repeat(3001),
    });
    expect(over).toMatchObject({ status: 400, code: 400, msg: '群公告不能超过3000个字符' });
    const huge = await post(t, owner, `${G}/edit`, {
      groupNumber: g.groupNumber,
      groupNotice: 'x'.repeat(1_000_000),
    });
    expect(huge).toMatchObject({ status: 400, code: 400, msg: '群公告不能超过3000个字符' });
  });

  it('join level limit: 0 (off) and 1–200 save; 201 and "abc" answer 400', async () => {
    const [owner] = await users(1);
    const g = await createGroup(t, owner, []);
    for (const limitLevel of [0, 1, 200]) {
      const r = await post<GroupInfo>(t, owner, `${G}/admin/joinLimit`, {
        groupNumber: g.groupNumber,
        limitLevel,
      });
      expect(r.data.limitLevel).toBe(limitLevel);
    }
    const over = await post(t, owner, `${G}/admin/joinLimit`, {
      groupNumber: g.groupNumber,
      limitLevel: 201,
    });
    expect(over).toMatchObject({ status: 400, code: 400, msg: '请输入1-200之间的整数' });
    const neg = await post(t, owner, `${G}/admin/joinLimit`, {
      groupNumber: g.groupNumber,
      limitLevel: 'abc',
    });
    expect(neg).toMatchObject({ status: 400, code: 400, msg: '等级限制格式不正确' });
  });

  it('admins: 20 allowed, the 21st answers 409 22003 管理员人数已达上限; only the difference counts', async () => {
    const [owner, ...rest] = await users(22, 'ga');
    const g = await createGroup(t, owner, rest);
    const twenty = rest.slice(0, 20).map((u) => u.wtId);
    await must(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: twenty,
      identity: 2,
    });
    // Setting the same 20 again changes nothing and is fine.
    await must(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: twenty,
      identity: 2,
    });
    const r = await post(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: [rest[20]!.wtId],
      identity: 2,
    });
    expect([r.status, r.code, r.msg]).toEqual([409, 22003, '管理员人数已达上限']);
    await must(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: [rest[0]!.wtId],
      identity: 1,
    });
    await must(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: [rest[20]!.wtId],
      identity: 2,
    });
  });

  it('inviteSwitch 2: a member cannot invite (403), an admin can; 1: a member invitation waits for approval', async () => {
    const [owner, admin, member, a, b] = await users(5, 'gi');
    const g = await createGroup(t, owner, [admin!, member!]);
    const n = g.groupNumber;
    await must(t, owner!, `${G}/admin/addOrRemove`, { groupNumber: n, wtIds: [admin!.wtId], identity: 2 });
    await must(t, owner!, `${G}/edit`, { groupNumber: n, inviteSwitch: 2 });
    // Friends of the inviter are added (or queued) at once; others would get an invitation.
    await befriendAll(t, admin!, [a!]);
    await befriendAll(t, member!, [a!, b!]);
    const refused = await post(t, member!, `${G}/member/batchInvite`, { groupNumber: n, wtIds: [a!.wtId] });
    expect(refused).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    const byAdmin = await post<{ joined: string[] }>(t, admin!, `${G}/member/batchInvite`, {
      groupNumber: n,
      wtIds: [a!.wtId],
    });
    expect(byAdmin.data.joined).toEqual([a!.wtId]);

    await must(t, owner!, `${G}/edit`, { groupNumber: n, inviteSwitch: 1 });
    const ownerSock = await openSocket(t, owner!.token);
    const waiting = await post<{ pending: string[] }>(t, member!, `${G}/member/batchInvite`, {
      groupNumber: n,
      wtIds: [b!.wtId],
    });
    expect(waiting.data.pending).toEqual([b!.wtId]);
    const counters = await ownerSock.waitFor((f) => String(f.type) === '4');
    expect(counters.data).toMatchObject({ joinApplyUnRead: 1 });
    const list = await must<Page<GroupApplication>>(t, owner!, '/user/groupNotice/joinApplyList', {});
    expect(list.rows[0]).toMatchObject({ userID: b!.wtId, applicationType: member!.wtId, status: 0 });
    await must(t, admin!, `${G}/member/audit`, { id: list.rows[0]!.id, auditStatus: 1 });
    const again = await post(t, owner!, `${G}/member/audit`, { id: list.rows[0]!.id, auditStatus: 2 });
    expect(again).toMatchObject(Errors.groupApplyHandled);
    const info = await must<GroupInfo>(t, b!, `${G}/getInfoById`, { groupNumber: n });
    expect(info.memberCount).toBe(5);
    ownerSock.close();
  });

  it('joining: level limit 22006, blacklisted 22005, not public 22007, approval then agree', async () => {
    const [owner, low, black, applicant] = await users(4, 'gj');
    const g = await createGroup(t, owner!, []);
    const n = g.groupNumber;
    await must(t, owner!, `${G}/edit`, { groupNumber: n, confirminviteSwitch: 0 });
    await must(t, owner!, `${G}/admin/joinLimit`, { groupNumber: n, limitLevel: 3 });
    await setLevel(t, low!, 2);
    const tooLow = await post(t, low!, `${G}/member/activeJoin`, { groupNumber: n });
    expect([tooLow.status, tooLow.code, tooLow.msg]).toEqual([403, 22006, '等级不足，无法加入该群']);
    await setLevel(t, low!, 3);
    const joined = await post<{ joined: number }>(t, low!, `${G}/member/activeJoin`, { groupNumber: n });
    expect(joined.data.joined).toBe(1);

    await must(t, owner!, `${G}/memberBlack/add`, { groupNumber: n, wtIds: [black!.wtId] });
    await setLevel(t, black!, 10);
    const blocked = await post(t, black!, `${G}/member/activeJoin`, { groupNumber: n });
    expect(blocked).toMatchObject(Errors.groupBlacklisted);
    const inviteBlocked = await post(t, owner!, `${G}/member/batchInvite`, {
      groupNumber: n,
      wtIds: [black!.wtId],
    });
    expect(inviteBlocked).toMatchObject(Errors.groupBlacklisted);

    await must(t, owner!, `${G}/edit`, { groupNumber: n, confirminviteSwitch: 2 });
    await setLevel(t, applicant!, 10);
    const closed = await post(t, applicant!, `${G}/member/activeJoin`, { groupNumber: n });
    expect(closed).toMatchObject(Errors.groupNotPublic);

    await must(t, owner!, `${G}/edit`, { groupNumber: n, confirminviteSwitch: 1 });
    const pending = await post<{ joined: number }>(t, applicant!, `${G}/member/activeJoin`, {
      groupNumber: n,
      applyMessage: '你好',
    });
    expect([pending.msg, pending.data.joined]).toEqual(['申请已发送', 0]);
    const notYet = await post(t, applicant!, `${G}/getInfoById`, { groupNumber: n });
    expect(notYet).toMatchObject(Errors.forbidden);
    const list = await must<Page<GroupApplication>>(t, owner!, '/user/groupNotice/joinApplyList', {});
    expect(list.rows[0]).toMatchObject({
      userID: applicant!.wtId,
      applyMessage: '你好',
      applicationType: '0',
    });
    // Another group's manager cannot handle it.
    const [stranger] = await users(1, 'gs');
    const foreign = await post(t, stranger!, `${G}/member/audit`, { id: list.rows[0]!.id, auditStatus: 1 });
    expect(foreign).toMatchObject(Errors.forbidden);
    await must(t, owner!, `${G}/member/audit`, { id: list.rows[0]!.id, auditStatus: 1 });
    const mine = await must<Page<GroupApplication>>(t, applicant!, '/user/groupNotice/myApplyList', {});
    expect(mine.rows[0]).toMatchObject({ status: 1, groupNumber: n });
    await must(t, applicant!, `${G}/getInfoById`, { groupNumber: n });
  });

  it('mutes: muteUntil in seconds, muted lists, unmute with 0', async () => {
    const [owner, m] = await users(2, 'gm');
    const g = await createGroup(t, owner!, [m!]);
    const muted = await must<Array<{ wtId: string; muteUntil: number }>>(t, owner!, `${G}/admin/batchMuted`, {
      groupNumber: g.groupNumber,
      wtIds: [m!.wtId],
      muteTime: 600,
    });
    expect(muted[0]!.muteUntil).toBeGreaterThan(Date.now() / 1000 + 590);
    const seen = await must<unknown[]>(t, m!, `${G}/member/position/mutedList`, {
      groupNumber: g.groupNumber,
    });
    expect(seen).toHaveLength(1);
    const self = await must<GroupInfo>(t, m!, `${G}/getInfoById`, { groupNumber: g.groupNumber });
    expect(self.selfMember.muteUntil).toBeGreaterThan(0);
    await must(t, owner!, `${G}/admin/batchMuted`, {
      groupNumber: g.groupNumber,
      wtIds: [m!.wtId],
      muteTime: 0,
    });
    expect(
      await must<unknown[]>(t, owner!, `${G}/admin/getMutedList`, { groupNumber: g.groupNumber }),
    ).toHaveLength(0);
  });
});

describe('group life', () => {
  it('transfer, quit and dissolve reach every member live (type 5) and end access', async () => {
    const [owner, admin, member] = await users(3, 'gl');
    const g = await createGroup(t, owner!, [admin!, member!]);
    const n = g.groupNumber;
    const memberSock = await openSocket(t, member!.token);
    await must(t, owner!, `${G}/transfer`, { groupNumber: n, wtId: admin!.wtId });
    expect((await memberSock.next((f) => String(f.type) === '5')).data).toEqual({
      groupNumber: n,
      change: 'roles',
    });
    const info = await must<GroupInfo>(t, owner!, `${G}/getInfoById`, { groupNumber: n });
    expect([info.ownerWtId, info.selfMember.identity]).toEqual([admin!.wtId, 1]);
    // The old owner can no longer dissolve; the new one can't quit.
    expect(await post(t, owner!, `${G}/remove`, { groupNumber: n })).toMatchObject(Errors.forbidden);
    expect(await post(t, admin!, `${G}/member/quit`, { groupNumber: n })).toMatchObject(Errors.forbidden);
    await must(t, owner!, `${G}/member/quit`, { groupNumber: n });
    expect((await memberSock.next((f) => String(f.type) === '5')).data).toMatchObject({ change: 'quit' });
    await must(t, admin!, `${G}/remove`, { groupNumber: n });
    expect((await memberSock.next((f) => String(f.type) === '5')).data).toMatchObject({
      change: 'dissolved',
    });
    const gone = await post(t, member!, `${G}/getInfoById`, { groupNumber: n });
    expect([gone.status, gone.code, gone.msg]).toEqual([404, 22001, '群聊不存在']);
    const others = await must<Page<{ kind: string }>>(t, member!, '/user/groupNotice/othersList', {});
    expect(others.rows.map((r) => r.kind)).toContain('dissolved');
    memberSock.close();
  });

  it('lists: my groups pinned first, by name, in common; commonGroupCount in the friend profile', async () => {
    const [a, b] = await users(2, 'gc');
    const g1 = await createGroup(t, a!, [b!], { groupName: '甲组' });
    const g2 = await createGroup(t, a!, [], { groupName: '乙组' });
    await must(t, a!, `${G}/member/setTop`, { groupNumber: g1.groupNumber, topStatus: 1 });
    const list = await post<GroupInfo[]>(t, a!, `${G}/list`);
    const mine = (await fetch(`${t.baseUrl}/api${G}/list`, {
      headers: { authorization: `Bearer ${a!.token}` },
    }).then((r) => r.json())) as { data: GroupInfo[] };
    expect(list).toMatchObject(Errors.notFound); // GET only
    expect(mine.data.map((g) => g.groupNumber)).toEqual([g1.groupNumber, g2.groupNumber]);
    // 2 unpins as 0 does (the pin/unpin reading "1 or 2"); 3 is refused.
    const unpinned = await must<GroupInfo>(t, a!, `${G}/member/setTop`, {
      groupNumber: g2.groupNumber,
      topStatus: 2,
    });
    expect(unpinned.selfMember.topStatus).toBe(0);
    const bad = await post(t, a!, `${G}/member/setTop`, { groupNumber: g2.groupNumber, topStatus: 3 });
    expect(bad).toMatchObject({ status: 400, code: 400, msg: '置顶状态格式不正确' });
    const byName = await must<GroupInfo[]>(t, a!, `${G}/listByName`, { groupNickname: '乙' });
    expect(byName.map((g) => g.groupNumber)).toEqual([g2.groupNumber]);
    const common = await must<GroupInfo[]>(t, a!, `${G}/commonList`, { wtId: b!.wtId });
    expect(common.map((g) => g.groupNumber)).toEqual([g1.groupNumber]);
    const profile = await must<{ commonGroupCount: number }>(t, a!, '/user/friendInfo', {
      searchId: b!.wtId,
    });
    expect(profile.commonGroupCount).toBe(1);
  });

  it('member protection: ordinary members of a protected group cannot apply to each other (22011)', async () => {
    const [owner, m1, m2] = await users(3, 'gp');
    const g = await createGroup(t, owner!, [m1!, m2!]);
    await must(t, owner!, `${G}/edit`, { groupNumber: g.groupNumber, memberProtectSwitch: 1 });
    const r = await post(t, m1!, '/userFriends/apply', { applyWtId: m2!.wtId, applySource: 5 });
    expect([r.status, r.code, r.msg]).toEqual([403, 22011, '该群已开启成员保护，无法添加群成员为好友']);
    // The owner may still add a member: one who joined by accepting the owner's invitation.
    const [m3] = await users(1, 'gp');
    const invited = await must<{ invited: string[] }>(t, owner!, `${G}/member/batchInvite`, {
      groupNumber: g.groupNumber,
      wtIds: [m3!.wtId],
    });
    expect(invited.invited).toEqual([m3!.wtId]);
    const [invitation] = await must<Array<{ id: number }>>(t, m3!, `${G}/invitation/list`, {});
    await must(t, m3!, `${G}/invitation/handle`, { id: invitation!.id, status: 1 });
    await befriend(t, owner!, m3!);
  });
});
