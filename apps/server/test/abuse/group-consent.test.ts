import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo, GroupInvitation } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend } from '../friends/helpers.js';
import { befriendAll, createGroup, must, newUser, post } from '../groups/helpers.js';

// Putting someone in a group needs friendship or their consent, a blacklist either way refuses it,
// and creations and invitations are counted (the rules themselves: policies/group-add.policy.test.ts).
const G = '/user/groupchat';
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { limits: { ...DEFAULT_LIMITS, groupCreatesPerHour: 3, groupInvitesPerHour: 6 } },
    clock,
  );
});
afterAll(() => t.close());

const BLOCKED = { status: 403, code: 26005, msg: '对方与你存在黑名单关系，无法加入群聊', data: null };
const NO_INVITATION = { status: 404, code: 26006, msg: '入群邀请不存在或已处理', data: null };
const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试', data: null };

const create = (owner: TestUser, wtIds: string[]) =>
  post<GroupInfo>(t, owner, `${G}/add`, { groupName: '陌生群', wtIds });
const invitations = (u: TestUser) => must<GroupInvitation[]>(t, u, `${G}/invitation/list`, {});
const handle = (u: TestUser, id: number, status: 1 | 2) =>
  post<{ invitation: GroupInvitation; outcome: string }>(t, u, `${G}/invitation/handle`, { id, status });
const memberCount = async (u: TestUser, groupNumber: string) =>
  (await must<GroupInfo>(t, u, `${G}/getInfoById`, { groupNumber })).memberCount;

describe('group consent', () => {
  it('a stranger named in a creation is invited, not added, and joins by accepting', async () => {
    const owner = await newUser(t, 'gc_owner');
    const friend = await newUser(t, 'gc_friend');
    const stranger = await newUser(t, 'gc_stranger');
    await befriend(t, owner, friend);
    const socket = await openSocket(t, stranger.token);
    await socket.next((f) => f.type === 'hello');

    const g = (await create(owner, [friend.wtId, stranger.wtId])).data;
    expect(g.memberCount).toBe(2);
    const frame = await socket.next((f) => f.type === 'group.invitation');
    expect(frame.data).toMatchObject({ groupNumber: g.groupNumber, inviterWtId: owner.wtId, status: 0 });
    // Not a member yet: the group is not theirs to read.
    expect((await post(t, stranger, `${G}/getInfoById`, { groupNumber: g.groupNumber })).status).toBe(403);
    const [inv] = await invitations(stranger);
    expect(inv).toMatchObject({ groupNumber: g.groupNumber, groupName: '陌生群', inviterName: 'gc_owner' });

    // Only the invited user may answer it.
    expect(await handle(friend, inv!.id, 1)).toEqual(NO_INVITATION);
    const accepted = await handle(stranger, inv!.id, 1);
    expect(accepted).toMatchObject({ status: 200, data: { outcome: 'joined', invitation: { status: 1 } } });
    expect(await memberCount(stranger, g.groupNumber)).toBe(3);
    expect(await handle(stranger, inv!.id, 1)).toEqual(NO_INVITATION);
    expect(await invitations(stranger)).toEqual([]);
    socket.close();
  });

  it('an invitation declined adds nobody; invited again, it waits again', async () => {
    const owner = await newUser(t, 'gd_owner');
    const stranger = await newUser(t, 'gd_stranger');
    const g = await createGroup(t, owner, []);
    const res = await must<{ joined: string[]; pending: string[]; invited: string[] }>(
      t,
      owner,
      `${G}/member/batchInvite`,
      { groupNumber: g.groupNumber, wtIds: [stranger.wtId] },
    );
    expect(res).toEqual({ joined: [], pending: [], invited: [stranger.wtId] });
    const [inv] = await invitations(stranger);
    expect(await handle(stranger, inv!.id, 2)).toMatchObject({
      status: 200,
      data: { outcome: 'declined', invitation: { status: 2 } },
    });
    expect(await memberCount(owner, g.groupNumber)).toBe(1);
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [stranger.wtId] });
    expect((await invitations(stranger)).map((i) => i.id)).toEqual([inv!.id]);
  });

  it("accepting an ordinary member's invitation waits for a manager while inviteSwitch is 1", async () => {
    const owner = await newUser(t, 'ga_owner');
    const member = await newUser(t, 'ga_member');
    const stranger = await newUser(t, 'ga_stranger');
    const g = await createGroup(t, owner, [member]);
    await must(t, owner, `${G}/edit`, { groupNumber: g.groupNumber, inviteSwitch: 1 });
    await must(t, member, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [stranger.wtId] });
    const [inv] = await invitations(stranger);
    expect((await handle(stranger, inv!.id, 1)).data.outcome).toBe('pending');
    expect(await memberCount(owner, g.groupNumber)).toBe(2);
    const applies = await must<{ rows: Array<{ userID: string; status: number }> }>(
      t,
      owner,
      '/user/groupNotice/joinApplyList',
      {},
    );
    expect(applies.rows[0]).toMatchObject({ userID: stranger.wtId, status: 0 });
  });

  it('a blacklist either way refuses a creation or an invitation naming them (26005)', async () => {
    const owner = await newUser(t, 'gb_owner');
    const blocker = await newUser(t, 'gb_blocker');
    const blocked = await newUser(t, 'gb_blocked');
    await befriendAll(t, owner, [blocker, blocked]);
    expect((await post(t, blocker, '/user/friendBlack/add', { friendWtId: owner.wtId })).code).toBe(200);
    expect((await post(t, owner, '/user/friendBlack/add', { friendWtId: blocked.wtId })).code).toBe(200);
    const socket = await openSocket(t, blocker.token);
    await socket.next((f) => f.type === 'hello');

    expect(await create(owner, [blocker.wtId])).toEqual(BLOCKED);
    expect(await create(owner, [blocked.wtId])).toEqual(BLOCKED);
    const g = await createGroup(t, owner, []);
    for (const target of [blocker, blocked]) {
      const res = await post(t, owner, `${G}/member/batchInvite`, {
        groupNumber: g.groupNumber,
        wtIds: [target.wtId],
      });
      expect(res).toEqual(BLOCKED);
    }
    expect(await memberCount(owner, g.groupNumber)).toBe(1);
    expect(await invitations(blocker)).toEqual([]);
    // Nothing reached the blocker: the next frame they get is this one.
    await befriend(t, await newUser(t, 'gb_other'), blocker);
    const next = await socket.next((f) => f.type !== 'counters.updated');
    expect(next.type).toBe('friend.apply');
    socket.close();
  });

  it('3 groups an hour per user, and 6 people named an hour', async () => {
    const owner = await newUser(t, 'gr_owner');
    const people = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => newUser(t, `gr_${i}`)));
    expect((await create(owner, [people[0]!.wtId, people[1]!.wtId])).code).toBe(200);
    expect((await create(owner, [people[2]!.wtId, people[3]!.wtId])).code).toBe(200);
    const third = (await create(owner, [])).data;
    expect(await create(owner, [])).toEqual(RATE_LIMITED);
    const invite = (wtIds: string[]) =>
      post(t, owner, `${G}/member/batchInvite`, { groupNumber: third.groupNumber, wtIds });
    expect((await invite([people[4]!.wtId, people[5]!.wtId])).code).toBe(200);
    expect(await invite([people[6]!.wtId])).toEqual(RATE_LIMITED);
    clock.advance(3600_000);
    expect((await invite([people[6]!.wtId])).code).toBe(200);
    expect((await create(owner, [])).code).toBe(200);
  });
});
