import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEntries, fieldLabel, Limits } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { createGroup, must, newUser } from './helpers.js';

/**
 * Hostile input on every groups and reports route: over-long strings in every field, numbers as
 * strings and objects, wrong body shapes, someone else's group. Each answers its exact refusal
 * (never a 500), and nothing changes in the victim's group.
 */
let t: TestServer;
let attacker: TestUser;
const entries = contractEntries().filter((e) => e.domain === 'groups' || e.domain === 'reports');
const posts = entries.filter((e) => e.meta.method === 'POST');

/** A group the attacker is not in, its people, and the owner's view of it once it was set up. */
interface Victim {
  owner: TestUser;
  member: TestUser;
  banned: TestUser;
  applicant: TestUser;
  groupNumber: string;
  /** A join application to the group that waits for an answer. */
  applicationId: number;
  initial: Record<string, unknown>;
}
/** For the hostile bodies. */
let target: Victim;
/** For a stranger's well-formed calls (one of which files an application). */
let strangers: Victim;

/**
 * A group with something in every part of its state: a notice, a welcome, an admin, a muted
 * member, a blacklisted user and a waiting application (joining needs approval).
 */
async function victimGroup(tag: string): Promise<Victim> {
  const [owner, admin, member, banned, applicant] = [
    await newUser(t, `${tag}o`),
    await newUser(t, `${tag}a`),
    await newUser(t, `${tag}m`),
    await newUser(t, `${tag}b`),
    await newUser(t, `${tag}p`),
  ];
  const { groupNumber } = await createGroup(t, owner, [admin, member, banned], {
    groupName: '受害者群',
    groupNotice: '公告',
  });
  const G = '/user/groupchat';
  await must(t, owner, `${G}/admin/addOrRemove`, { groupNumber, wtIds: [admin.wtId], identity: 2 });
  await must(t, owner, `${G}/admin/batchMuted`, { groupNumber, wtIds: [member.wtId], muteTime: 3600 });
  await must(t, owner, `${G}/memberBlack/add`, { groupNumber, wtIds: [banned.wtId] });
  await must(t, owner, `${G}/admin/setWelcomeMsg`, { groupNumber, groupWelcomeMsg: '欢迎' });
  await must(t, owner, `${G}/edit`, { groupNumber, confirminviteSwitch: 1 }); // joining needs approval
  await must(t, applicant, `${G}/member/activeJoin`, { groupNumber, applyMessage: '让我进去' });
  const initial = await groupState({ owner, groupNumber });
  const waiting = initial.applications as { rows: Array<{ id: number }> };
  expect(waiting.rows).toHaveLength(1);
  return { owner, member, banned, applicant, groupNumber, applicationId: waiting.rows[0]!.id, initial };
}

beforeAll(async () => {
  t = await startTestServer();
  attacker = await newUser(t, 'hx');
  [target, strangers] = await Promise.all([victimGroup('ht'), victimGroup('hs')]);
});
afterAll(() => t?.close());

/** Everything the owner can read of the group. */
async function groupState({ owner, groupNumber }: Pick<Victim, 'owner' | 'groupNumber'>) {
  const G = '/user/groupchat';
  const read = (url: string) => must(t, owner, url, { groupNumber });
  return {
    info: await read(`${G}/getInfoById`),
    members: await must(t, owner, `${G}/member/list`, { groupNumber, pageSize: 100 }),
    muted: await read(`${G}/admin/getMutedList`),
    blacklist: await read(`${G}/memberBlack/list`),
    managers: await read(`${G}/member/position/managerList`),
    applications: await must(t, owner, '/user/groupNotice/joinApplyList', {}),
  };
}

const post = (url: string, rawBody: string) =>
  api(t, 'POST', url, { token: attacker.token, rawBody, headers: { 'content-type': 'application/json' } });

/** A JSON string longer than any text field of these routes may be (the group notice's storage bound). */
const LONG = 'x'.repeat(Limits.groupNoticeChat * 4 + 1);
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
const every = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

/** The hostile bodies, by the kind of answer each gets. */
const BODIES = {
  tooLong: every(LONG),
  object: every({ $gt: '' }),
  array: every(['1', 2, null]),
  numberString: every('1e3'),
  negative: every(-1),
  list: [],
  string: 'x',
  nothing: null,
} as const;
type BodyKind = keyof typeof BODIES;

type Answer = { status: number; code: number; msg: string };
/** A refusal names the field by its label (protocol validation/labels.ts), never by its path. */
const zh = (field: string) => fieldLabel([field])!['zh-CN'];
const refused = (_field: string, text: string): Answer => ({ status: 400, code: 400, msg: text });
const format = (field: string, label = zh(field)) => refused(field, `${label}格式不正确`);
const OK: Answer = { status: 200, code: 200, msg: '操作成功' };
const NO_GROUP: Answer = { status: 404, code: 22001, msg: '群聊不存在' };
const FORBIDDEN: Answer = { status: 403, code: 403, msg: '当前操作没有权限' };

/**
 * What each route answers: the field it checks first decides most answers (a wrong type is
 * '格式不正确', a missing one '不能为空'). `numberString` ('1e3' everywhere) passes as a group number,
 * so routes that take nothing else look the group up; `nothing` (a null body) is an empty one.
 */
function expected(route: string): Record<BodyKind, Answer> {
  // A body that is not an object has no field to name.
  const shape = {
    list: { status: 400, code: 400, msg: '请求参数错误' },
    string: { status: 400, code: 400, msg: '请求参数错误' },
  };
  const byFirstField = (a: Answer, numberString: Answer, nothing: Answer) => ({
    tooLong: a,
    object: a,
    array: a,
    negative: a,
    numberString,
    nothing,
    ...shape,
  });
  const groupNumberFirst = (numberString: Answer) => ({
    ...byFirstField(
      format('groupNumber'),
      numberString,
      refused('groupNumber', `${zh('groupNumber')}不能为空`),
    ),
  });
  const all = (a: Answer) => byFirstField(a, a, a);
  switch (route) {
    case 'groups.add':
      return {
        ...byFirstField(
          format('groupName', '群名称'),
          format('wtIds'),
          refused('groupName', '群名称不能为空'),
        ),
        tooLong: refused('groupName', `群名称不能超过${Limits.groupName}个字符`),
      };
    case 'groups.listByName':
      return {
        ...byFirstField(format('groupNickname'), OK, OK),
        tooLong: refused('groupNickname', `${zh('groupNickname')}不能超过64个字符`),
      };
    case 'groups.commonList':
      return {
        ...byFirstField(
          format('wtId'),
          { status: 404, code: 10010, msg: '该用户不存在' },
          refused('wtId', 'ID不能为空'),
        ),
        tooLong: refused('wtId', 'ID过长'),
      };
    case 'groups.audit':
      return all(format('id'));
    case 'groups.joinApplyList':
    case 'groups.myApplyList':
    case 'groups.othersList':
      return byFirstField(format('pageNum'), format('pageNum'), OK);
    case 'reports.add':
      return all(format('type'));
    case 'reports.dict':
      return all(format('dictType'));
    case 'groups.edit':
      return groupNumberFirst(format('inviteSwitch'));
    case 'groups.joinLimit':
      return groupNumberFirst(format('limitLevel'));
    case 'groups.setTop':
      return groupNumberFirst(format('topStatus'));
    case 'groups.members':
    case 'groups.blackList':
      return groupNumberFirst(format('pageNum'));
    case 'groups.invite':
    case 'groups.removeMembers':
    case 'groups.setAdmins':
    case 'groups.mute':
    case 'groups.blackAdd':
    case 'groups.blackRemove':
      return groupNumberFirst(format('wtIds'));
    case 'groups.activeJoin':
      return groupNumberFirst(format('joinType'));
    case 'groups.info':
    case 'groups.card':
    case 'groups.editSelf':
    case 'groups.setWelcome':
    case 'groups.dissolve':
    case 'groups.transfer':
    case 'groups.quit':
    case 'groups.memberInfo':
    case 'groups.mutedList':
    case 'groups.candidatesAdd':
    case 'groups.candidatesRemove':
    case 'groups.managerList':
    case 'groups.positionMuted':
    case 'groups.joinVerify':
      return groupNumberFirst(NO_GROUP);
    default:
      throw new Error(`no expected answers for ${route}: add the route to this table`);
  }
}

describe('hostile input on the groups and reports routes', () => {
  for (const e of posts) {
    it(`${e.meta.path}: over-long fields, wrong types and shapes get their exact refusal`, async () => {
      const want = expected(`${e.domain}.${e.name}`);
      const kinds = Object.keys(BODIES) as BodyKind[];
      const answers = await Promise.all(kinds.map((k) => post(e.meta.path, JSON.stringify(BODIES[k]))));
      kinds.forEach((kind, i) => {
        const { status, code, msg } = answers[i]!;
        expect({ status, code, msg }, kind).toEqual(want[kind]);
      });
      expect(await groupState(target)).toEqual(target.initial);
    });
  }

  it('a body over the size limit is refused before it is read', async () => {
    const res = await post(
      '/user/groupchat/edit',
      JSON.stringify({ groupNumber: target.groupNumber, groupNotice: 'x'.repeat(1 << 20) }),
    );
    expect(res).toMatchObject({ status: 413, code: 413, msg: '请求内容过大' });
  });

  it("someone else's group: every member route answers 403 and the group is unchanged", async () => {
    const { owner, member, banned, applicant, groupNumber, applicationId, initial } = strangers;
    const body = JSON.stringify({
      groupNumber,
      id: applicationId,
      auditStatus: 1,
      wtIds: [member.wtId, banned.wtId, attacker.wtId],
      wtId: member.wtId,
      identity: 2,
      muteTime: 0,
      limitLevel: 5,
      topStatus: 1,
      groupName: '被改了',
      groupNotice: '被改了',
      groupWelcomeMsg: '被改了',
      groupNickname: '被改了',
      inviteSwitch: 1,
      bannedSwitch: 1,
      pageSize: 100,
    });
    // What a stranger may do with a group's number: see its card, apply to join, look for groups.
    const allowed: Record<string, Answer> = {
      add: { status: 200, code: 200, msg: '群组创建成功' },
      card: OK,
      listByName: OK,
      commonList: OK,
      activeJoin: { status: 200, code: 200, msg: '申请已发送' },
      joinVerify: OK,
      joinApplyList: OK,
      myApplyList: OK,
      othersList: OK,
    };
    for (const e of posts.filter((x) => x.domain === 'groups')) {
      const { status, code, msg } = await post(e.meta.path, body);
      expect({ status, code, msg }, e.meta.path).toEqual(allowed[e.name] ?? FORBIDDEN);
    }
    // Nothing changed but the attacker's own application, which waits like any other.
    const after = await groupState({ owner, groupNumber });
    const applications = after.applications as { rows: Array<{ userID: string; status: number }> };
    expect(applications.rows.map((r) => [r.userID, r.status]).sort()).toEqual(
      [
        [applicant.wtId, 0],
        [attacker.wtId, 0],
      ].sort(),
    );
    expect({ ...after, applications: initial.applications }).toEqual(initial);
  });
});
