import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEntries } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { createGroup, newUser } from './helpers.js';

/**
 * Hostile input on every groups and reports route: megabyte strings in every field, numbers as
 * strings and objects, wrong body shapes, someone else's group. Each answers a 4xx envelope (never
 * a 500), and nothing changes in the victim's group.
 */
let t: TestServer;
let attacker: TestUser;
let victim: TestUser;
let groupNumber: string;
const entries = contractEntries().filter((e) => e.domain === 'groups' || e.domain === 'reports');
const MB = 'x'.repeat(1_000_000);

beforeAll(async () => {
  t = await startTestServer();
  attacker = await newUser(t, 'hx');
  victim = await newUser(t, 'hv');
  groupNumber = (await createGroup(t, victim, [], { groupName: '受害者群' })).groupNumber;
});
afterAll(() => t?.close());

const FIELDS = [
  'groupNumber',
  'groupName',
  'groupNotice',
  'groupAvatar',
  'wtIds',
  'wtId',
  'identity',
  'muteTime',
  'limitLevel',
  'topStatus',
  'id',
  'auditStatus',
  'pageNum',
  'pageSize',
  'groupNickname',
  'groupNameRemark',
  'groupWelcomeMsg',
  'inviteSwitch',
  'bannedSwitch',
  'applyMessage',
  'joinType',
  'type',
  'targetId',
  'complaintType',
  'complaintDetail',
  'complaintImage',
  'dictType',
];

const post = (url: string, rawBody: string) =>
  api(t, 'POST', url, { token: attacker.token, rawBody, headers: { 'content-type': 'application/json' } });

describe('hostile input on the groups and reports routes', () => {
  for (const e of entries.filter((x) => x.meta.method === 'POST')) {
    it(`${e.meta.path}: megabyte fields, wrong types and shapes never answer 500`, async () => {
      const bodies: unknown[] = [
        Object.fromEntries(FIELDS.map((f) => [f, MB])),
        Object.fromEntries(FIELDS.map((f) => [f, { $gt: '' }])),
        Object.fromEntries(FIELDS.map((f) => [f, ['1', 2, null]])),
        Object.fromEntries(FIELDS.map((f) => [f, '1e3'])),
        Object.fromEntries(FIELDS.map((f) => [f, -1])),
        [],
        'x',
        null,
      ];
      for (const [i, body] of bodies.entries()) {
        const res = await post(`${e.meta.path}`, JSON.stringify(body));
        const what = `${JSON.stringify(body).slice(0, 40)} → ${res.code} ${res.msg}`;
        // Never a 500; the megabyte body is refused outright (every route bounds its fields). Routes
        // whose fields are all optional may answer other shapes with their defaults.
        expect(res.status, what).toBeLessThan(500);
        if (i === 0) expect(res.status, what).toBeGreaterThanOrEqual(400);
        if (res.status !== 200) expect(typeof res.msg, what).toBe('string');
      }
    });
  }

  it("someone else's group: every member route answers 403 and the group is unchanged", async () => {
    for (const e of entries.filter((x) => x.domain === 'groups' && x.meta.method === 'POST')) {
      const body = JSON.stringify({
        groupNumber,
        wtIds: [victim.wtId],
        wtId: victim.wtId,
        identity: 2,
        muteTime: 60,
        limitLevel: 5,
        topStatus: 1,
        groupName: '被改了',
        groupWelcomeMsg: 'x',
      });
      const res = await post(e.meta.path, body);
      expect(res.status, `${e.meta.path} → ${res.code} ${res.msg}`).not.toBe(500);
      expect(res.status === 200 ? e.name : 'refused').toMatch(
        /^(refused|card|joinVerify|activeJoin|list|listByName|commonList|joinApplyList|myApplyList|othersList|add)$/,
      );
    }
    const info = await api<{ name: string; memberCount: number }>(t, 'POST', '/user/groupchat/getInfoById', {
      token: victim.token,
      body: { groupNumber },
    });
    expect(info.data.name).toBe('受害者群');
  });
});
