import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type SessionGroup } from '@parley/protocol';
import { api, openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, post } from '../friends/helpers.js';
import { createGroup } from '../groups/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const listOf = async (u: TestUser) =>
  (await api<SessionGroup[]>(t, 'GET', '/sessionGroup/list', { token: u.token })).data;
const add = (u: TestUser, groupName: string, relationList: unknown[] = []) =>
  post<SessionGroup[]>(t, u, '/sessionGroup/add', { groupName, relationList });
const c2c = (u: TestUser) => ({ sessionType: 0, relationId: u.wtId });

describe('session groups (custom tabs)', () => {
  it('creates a tab with a friend and a group, shows them and edits it', async () => {
    const me = await newUser(t, 'sg', '我');
    const bob = await newUser(t, 'sg', '鲍勃');
    const carol = await newUser(t, 'sg', '卡罗');
    await befriend(t, me, bob);
    await befriend(t, me, carol);
    const g = await createGroup(t, me, [bob, carol], { groupName: '同事群' });

    const created = await add(me, ' 工作 ', [
      c2c(bob),
      { sessionType: '1', relationId: g.groupNumber },
      c2c(bob),
    ]);
    expect(created).toMatchObject({ code: 200, msg: '创建成功' });
    const tab = created.data[0]!;
    expect(tab).toMatchObject({ groupName: '工作', hideStatus: 1, defaultGroup: 1, sort: 0 });
    expect(tab.relationList).toEqual([
      {
        sessionId: `C2C${bob.wtId}`,
        sessionType: 0,
        relationId: bob.wtId,
        name: '鲍勃',
        avatar: expect.any(String),
      },
      {
        sessionId: `GROUP${g.groupNumber}`,
        sessionType: 1,
        relationId: g.groupNumber,
        name: '同事群',
        avatar: expect.any(String),
      },
    ]);
    const byId = await post<SessionGroup>(t, me, '/sessionGroup/getById', { id: tab.id });
    expect(byId.data).toEqual(tab);

    const upd = await post<SessionGroup[]>(t, me, '/sessionGroup/update', {
      id: tab.id,
      groupName: '同事',
      relationList: [c2c(carol), c2c(bob)],
    });
    expect(upd).toMatchObject({ code: 200, msg: '修改成功' });
    expect(upd.data[0]!.groupName).toBe('同事');
    expect(upd.data[0]!.relationList.map((r) => r.relationId)).toEqual([carol.wtId, bob.wtId]);
  });

  it('accepts a 10-character name and refuses 11 characters and a blank one', async () => {
    const me = await newUser(t, 'sg');
    expect((await add(me, '一二三四五六七八九十')).code).toBe(200);
    expect(await add(me, '一二三四五六七八九十一')).toMatchObject({
      status: 400,
      msg: '分组名称不能超过10个字符',
    });
    expect(await add(me, '   ')).toMatchObject({ status: 400, msg: '分组名称不能为空' });
    expect(await listOf(me)).toHaveLength(1);
  });

  it('keeps 20 tabs at most', async () => {
    const me = await newUser(t, 'sg');
    for (let i = 1; i <= 20; i += 1) expect((await add(me, `tab${i}`)).code).toBe(200);
    expect(await add(me, 'tab21')).toMatchObject({ code: 24011, status: 409, msg: '最多创建20个分组' });
    const inEnglish = await api(t, 'POST', '/sessionGroup/add', {
      token: me.token,
      body: { groupName: 'tab21' },
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish).toMatchObject({ code: 24011, msg: 'You can create at most 20 groups.' });
    expect(await listOf(me)).toHaveLength(20);
  });

  it('reorders, hides and deletes tabs, and tells the owner’s other tabs', async () => {
    const me = await newUser(t, 'sg');
    for (const n of ['a', 'b', 'c']) await add(me, n);
    const [a, b, c] = await listOf(me);
    const socket = await openSocket(t, me.token);
    await socket.next((f) => f.type === 'hello');

    const sorted = await post<SessionGroup[]>(t, me, '/sessionGroup/sort', { ids: [c!.id, a!.id] });
    expect(sorted.data.map((g) => [g.groupName, g.sort])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    const pushed = await socket.next((f) => f.type === 'sessionGroups.updated');
    expect((pushed.data as { groups: SessionGroup[] }).groups.map((g) => g.groupName)).toEqual([
      'c',
      'a',
      'b',
    ]);

    const hidden = await post<SessionGroup[]>(t, me, '/sessionGroup/hide', { id: b!.id, hideStatus: 0 });
    expect(hidden.data.find((g) => g.id === b!.id)?.hideStatus).toBe(0);
    expect(
      (await post<SessionGroup[]>(t, me, '/sessionGroup/hide', { id: b!.id, hideStatus: 1 })).data[2]
        ?.hideStatus,
    ).toBe(1);
    expect(await post(t, me, '/sessionGroup/hide', { id: b!.id, hideStatus: 2 })).toMatchObject({
      status: 400,
    });

    const del = await post<SessionGroup[]>(t, me, '/sessionGroup/delete', { ids: [a!.id] });
    expect(del).toMatchObject({ code: 200, msg: '删除成功' });
    expect(del.data.map((g) => g.groupName)).toEqual(['c', 'b']);
    socket.close();
  });

  it('deleting a tab keeps its conversations', async () => {
    const me = await newUser(t, 'sg');
    const bob = await newUser(t, 'sg');
    await befriend(t, me, bob);
    await post(t, me, '/message/send', {
      conversationID: `C2C${bob.wtId}`,
      clientMsgId: `sg-${Date.now()}`,
      type: 'text',
      payload: { text: 'hi' },
    });
    const tab = (await add(me, 'x', [c2c(bob)])).data[0]!;
    await post(t, me, '/sessionGroup/delete', { ids: [tab.id] });
    const convs = await post<{ conversationList: { conversationID: string }[] }>(
      t,
      me,
      '/conversation/list',
      {},
    );
    expect(JSON.stringify(convs.data)).toContain(`C2C${bob.wtId}`);
  });

  it('answers 24010 for a tab of another user on every route, changing nothing (IDOR)', async () => {
    const me = await newUser(t, 'sg');
    const other = await newUser(t, 'sg');
    const theirs = (await add(other, 'theirs')).data[0]!;
    const mine = (await add(me, 'mine')).data[0]!;
    for (const [url, body] of [
      ['/sessionGroup/getById', { id: theirs.id }],
      ['/sessionGroup/hide', { id: theirs.id, hideStatus: 0 }],
      ['/sessionGroup/sort', { ids: [theirs.id, mine.id] }],
      ['/sessionGroup/update', { id: theirs.id, groupName: 'x', relationList: [] }],
      ['/sessionGroup/delete', { ids: [mine.id, theirs.id] }],
    ] as const) {
      expect(await post(t, me, url, body)).toMatchObject(Errors.sessionGroupNotFound);
    }
    expect(await listOf(other)).toEqual([theirs]);
    expect(await listOf(me)).toEqual([mine]);
  });

  it('refuses a conversation the caller does not have (24012)', async () => {
    const me = await newUser(t, 'sg');
    const stranger = await newUser(t, 'sg');
    const owner = await newUser(t, 'sg');
    const g = await createGroup(t, owner, []);
    expect(await add(me, 'x', [c2c(stranger)])).toMatchObject({
      code: 24012,
      status: 404,
      msg: `会话不存在: ${stranger.wtId}`,
    });
    expect(await add(me, 'x', [{ sessionType: 1, relationId: g.groupNumber }])).toMatchObject({
      code: Errors.sessionRelationInvalid.code,
    });
    expect(await add(me, 'x', [{ sessionType: 0, relationId: 'nobody_here' }])).toMatchObject({
      code: Errors.sessionRelationInvalid.code,
    });
    expect(await listOf(me)).toEqual([]);
  });
});
