import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Step2Challenge, Tag } from '@parley/protocol';
import {
  api,
  openSocket,
  registerUser,
  startTestServer,
  uniquePhone,
  type CallResult,
  type TestServer,
} from './helpers.js';
import { befriend, newUser, post } from './friends/helpers.js';
import { PNG, upload } from './uploads/fixtures.js';
import type { TestUser } from './helpers.js';

// One text policy and strict numbers on every request field (docs/api.md "Input rules").
let t: TestServer;
let me: TestUser;
let friend: TestUser;
let tag: Tag;
let ticket: string;
beforeAll(async () => {
  t = await startTestServer({ authIpPerMinute: 10_000 });
  me = await newUser(t, 'input');
  friend = await newUser(t, 'pal');
  await befriend(t, me, friend);
  tag = (await post<Tag>(t, me, '/userTag/add', { tagName: '同事' })).data;
  const step2 = await registerUser(t);
  await api(t, 'POST', '/user/setStep2Pwd', {
    token: step2.token,
    body: { pwd: 'second22', currentPwd: step2.pwd },
  });
  const challenge = await api<Step2Challenge>(t, 'POST', '/user/login/pwd', {
    body: { phone: step2.phone, pwd: step2.pwd },
  });
  ticket = challenge.data.ticket;
});
afterAll(() => t.close());

/** 1,000,000 characters: a megabyte of JSON string, just under the 1 MiB body limit. */
const MB = 'a'.repeat(1_000_000);

interface TextCase {
  name: string;
  url: string;
  auth: boolean;
  body: (v: string) => Record<string, unknown>;
  field: string;
  label: string;
  tooLong: string;
}

const textCases = (): TextCase[] => [
  {
    name: 'register nickName',
    url: '/user/login/register',
    auth: false,
    body: (v) => ({ phone: uniquePhone(), pwd: 'abc12345', nickName: v }),
    field: 'nickName',
    label: '昵称',
    tooLong: '昵称不能超过15个字符',
  },
  ...(['nickName', 'bio'] as const).map((field) => ({
    name: `updateProfile ${field}`,
    url: '/user/updateProfile',
    auth: true,
    body: (v: string) => ({ [field]: v }),
    field,
    label: field === 'bio' ? '个性签名' : '昵称',
    tooLong: field === 'bio' ? '个性签名不能超过60个字符' : '昵称不能超过15个字符',
  })),
  {
    name: 'remark',
    url: '/userFriends/update',
    auth: true,
    body: (v) => ({ friendsWtId: friend.wtId, remark: v }),
    field: 'remark',
    label: '备注',
    tooLong: '备注不能超过96个字节',
  },
  {
    name: 'tag add',
    url: '/userTag/add',
    auth: true,
    body: (v) => ({ tagName: v }),
    field: 'tagName',
    label: '标签名称',
    tooLong: '标签名称不能超过15个字符',
  },
  {
    name: 'tag rename',
    url: '/userTag/rename',
    auth: true,
    body: (v) => ({ tagId: tag.id, tagName: v }),
    field: 'tagName',
    label: '标签名称',
    tooLong: '标签名称不能超过15个字符',
  },
  {
    name: 'applyInfo',
    url: '/userFriends/apply',
    auth: true,
    body: (v) => ({ applyWtId: 'nobody_x', applyInfo: v }),
    field: 'applyInfo',
    label: '申请理由',
    tooLong: '申请理由不能超过15个字符',
  },
  {
    name: 'groupName',
    url: '/userFriends/apply',
    auth: true,
    body: (v) => ({ applyWtId: 'nobody_x', applySource: 5, groupName: v }),
    field: 'groupName',
    label: '群名称',
    tooLong: '群名称过长',
  },
  ...(['/user/searchById', '/user/friendInfo'] as const).map((url) => ({
    name: `searchId of ${url}`,
    url,
    auth: true,
    body: (v: string) => ({ searchId: v }),
    field: 'searchId',
    label: '搜索内容',
    tooLong: '搜索内容过长',
  })),
  {
    name: 'friend list keyword',
    url: '/userFriends/list',
    auth: true,
    body: (v) => ({ keyword: v }),
    field: 'keyword',
    label: '关键词',
    tooLong: '关键词过长',
  },
  {
    name: 'friendsWtId',
    url: '/userFriends/delete',
    auth: true,
    body: (v) => ({ friendsWtId: v }),
    field: 'friendsWtId',
    label: '好友ID',
    tooLong: '好友ID过长',
  },
  {
    name: 'login wtId',
    url: '/user/login/id',
    auth: false,
    body: (v) => ({ wtId: v, pwd: 'abc12345' }),
    field: 'wtId',
    label: 'ID',
    tooLong: 'ID过长',
  },
  {
    name: 'step2 ticket',
    url: '/user/login/step2pwd/tips',
    auth: false,
    body: (v) => ({ ticket: `${ticket}${v}` }),
    field: 'ticket',
    label: '验证票据',
    tooLong: '验证票据过长',
  },
  {
    name: 'step2 tips',
    url: '/user/setStep2Pwd',
    auth: true,
    body: (v) => ({ pwd: 'second22', currentPwd: me.pwd, tips: v }),
    field: 'tips',
    label: '提示',
    tooLong: '提示不能超过30个字符',
  },
];

/**
 * Sends `body` and asks /api/health again and again until that request has its answer: the
 * answer, and how many health checks answered 200 meanwhile (the last one after it).
 */
async function sendWhileCheckingHealth(c: TextCase, body: unknown) {
  let done = false;
  const big = api(t, 'POST', c.url, { token: c.auth ? me.token : undefined, body }).finally(() => {
    done = true;
  });
  let healthy = 0;
  const poll = (async () => {
    do {
      const h = await api(t, 'GET', '/health');
      if (h.status === 200 && h.code === 200) healthy += 1;
    } while (!done);
  })();
  const [res] = await Promise.all([big, poll]);
  return { res, healthy };
}

describe('a megabyte in a text field', () => {
  it.each(textCases().map((c) => [c.name, c] as const))(
    '%s: refused with 400 naming the field while /api/health keeps answering',
    async (_name, c) => {
      const { res, healthy } = await sendWhileCheckingHealth(c, c.body(MB));
      expect(res).toMatchObject({ status: 400, code: 400, msg: c.tooLong, data: { field: c.field } });
      expect(healthy).toBeGreaterThan(0);
    },
  );
});

const REFUSED = [
  ['BEL', 'a\u0007b'],
  ['ANSI escape', 'a\u001b[31mb'],
  ['C1 NEL', 'a\u0085b'],
  ['RLO', 'a\u202eb'],
  ['RLI', 'a\u2067b'],
  ['line separator', 'a\u2028b'],
  ['paragraph separator', 'a\u2029b'],
  ['NUL', 'a\u0000b'],
] as const;

describe('the text policy', () => {
  it.each(textCases().map((c) => [c.name, c] as const))(
    '%s: control characters, ANSI escapes, bidi controls and U+2028/2029 are refused',
    async (_name, c) => {
      const answers: CallResult[] = [];
      for (const [, bad] of REFUSED) {
        answers.push(
          await api(t, 'POST', c.url, { token: c.auth ? me.token : undefined, body: c.body(bad) }),
        );
      }
      expect(answers.map((a) => `${a.status} ${a.msg}`)).toEqual(
        REFUSED.map(() => `400 ${c.label}含有不允许的控制字符`),
      );
    },
  );

  it('keeps line breaks in the bio only, and stores what it accepted', async () => {
    const bio = await post(t, me, '/user/updateProfile', { bio: '第一行\n第二行' });
    expect(bio).toMatchObject({ status: 200, data: { bio: '第一行\n第二行' } });
    expect(await post(t, me, '/user/updateProfile', { nickName: '甲\n乙' })).toMatchObject({
      status: 400,
      msg: '昵称含有不允许的控制字符',
    });
  });

  it('counts the nickname in characters like every other limit', async () => {
    const family = '👨‍👩‍👧‍👦';
    const ok = await post(t, me, '/user/updateProfile', { nickName: family.repeat(5) });
    expect(ok).toMatchObject({ status: 200, data: { nickName: family.repeat(5) } });
    expect(await post(t, me, '/user/updateProfile', { nickName: '中'.repeat(16) })).toMatchObject({
      status: 400,
      msg: '昵称不能超过15个字符',
    });
  });

  it('drops refused characters from upload names (they come from files, not typed)', async () => {
    const res = await upload(t, me.token, { bytes: PNG, name: 'cute\u202egnp.exe\u0007\u2028.png' });
    expect(res.status).toBe(200);
    expect(res.data?.name).toBe('cutegnp.exe.png');
    const long = await upload(t, me.token, { bytes: PNG, name: `${'图'.repeat(5000)}.png` });
    expect(long.status).toBe(200);
    expect([...(long.data?.name ?? '')]).toHaveLength(200);
  });
});

const NOT_NUMBERS = [true, '0x10', [[1]], '1e1', ' 1', '', 1.5, {}] as const;

describe('strict numbers', () => {
  const cases = (): Array<[string, string, (v: unknown) => Record<string, unknown>, string]> => [
    ['pageNum', '/userFriends/applyList', (v) => ({ pageNum: v }), '页码'],
    ['pageSize', '/userFriends/list', (v) => ({ pageSize: v }), '每页条数'],
    ['pageNum', '/user/friendBlack/list', (v) => ({ pageNum: v }), '页码'],
    ['tagId', '/userTag/rename', (v) => ({ tagId: v, tagName: '新名' }), '标签ID'],
    ['id', '/userTag/getUserList', (v) => ({ id: v }), '标签ID'],
    ['ids.0', '/userTag/deleteBatch', (v) => ({ ids: [v] }), '标签ID'],
    ['tagIds.0', '/userTag/setTag4User', (v) => ({ friendsWtId: friend.wtId, tagIds: [v] }), '标签ID'],
    [
      'handleStatus',
      '/userFriends/apply/handle',
      (v) => ({ applyWtId: friend.wtId, handleStatus: v }),
      '处理结果',
    ],
    ['applySource', '/userFriends/apply', (v) => ({ applyWtId: friend.wtId, applySource: v }), '申请来源'],
    [
      'friendsSpaceStatus',
      '/userFriends/updateSpaceStatus',
      (v) => ({ friendsWtId: friend.wtId, friendsSpaceStatus: v }),
      '朋友圈权限',
    ],
    ['notifySound', '/user/userConfig/update', (v) => ({ notifySound: v }), '提示音'],
  ];

  it.each(cases())(
    '%s (%s): true, "0x10", [[1]] and other non-numbers answer 400',
    async (field, url, body, label) => {
      const answers: string[] = [];
      for (const bad of NOT_NUMBERS) answers.push((await post(t, me, url, body(bad))).msg);
      expect(answers).toEqual(NOT_NUMBERS.map(() => `${label}格式不正确`));
    },
  );

  it('reads a plain digit string as its number', async () => {
    const renamed = await post<Tag>(t, me, '/userTag/rename', { tagId: String(tag.id), tagName: '同学' });
    expect(renamed).toMatchObject({ status: 200, data: { id: tag.id, tagName: '同学' } });
    expect((await post(t, me, '/userFriends/list', { pageNum: '1', pageSize: '10' })).status).toBe(200);
  });
});

describe('socket frames', () => {
  it('refuses a frame whose id is not a string or JSON integer, or whose type breaks the text policy', async () => {
    const socket = await openSocket(t, me.token);
    await socket.next((f) => f.type === 'hello');
    const frames = [
      { id: true, type: 'ping' },
      { id: [[1]], type: 'ping' },
      { id: 'x'.repeat(60_000), type: 'ping' },
      { id: 1, type: 'pi\u202eng' },
    ];
    const answers: unknown[] = [];
    for (const frame of frames) {
      const seen = socket.frames.length;
      socket.send(frame);
      answers.push((await socket.next((f) => f.type === 'error' && socket.frames.indexOf(f) >= seen)).msg);
    }
    expect(answers).toEqual([
      '编号格式不正确',
      '编号格式不正确',
      '编号格式不正确',
      '类型含有不允许的控制字符',
    ]);
    socket.close();
  });
});
