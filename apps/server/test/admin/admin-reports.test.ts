import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport } from '@parley/protocol';
import { cli, cliEnvOf } from '../cli-run.js';
import { createGroup } from '../groups/helpers.js';
import { api, FakeClock, registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { sendText, userOn } from '../messaging/helpers.js';
import { PNG, upload } from '../uploads/fixtures.js';

// The reports queue of the admin console (SQLite, or PostgreSQL with DATABASE_URL): newest first,
// by state; dismiss, mark handled, ban the reported user; each audited; operators only.
const clock = new FakeClock();
let t: TestServer;
let op: TestUser;

const admin = <T = unknown>(path: string, user: TestUser, body: unknown) =>
  api<T>(t, 'POST', `/admin/${path}`, { token: user.token, body });

async function report(by: TestUser, body: Record<string, unknown>): Promise<number> {
  const png = (await upload(t, by.token, { bytes: PNG, name: 'a.png', type: 'image/png' })).data!.url;
  const res = await api<{ id: number }>(t, 'POST', '/complaint/add', {
    token: by.token,
    body: { complaintType: '2', complaintDetail: '他骗我钱', complaintImage: [png], ...body },
  });
  expect(res.code).toBe(200);
  return Number(res.data.id);
}

const queue = async (reportState?: number) =>
  (await admin<{ reports: AdminReport[]; total: number }>('reports', op, { reportState })).data;

beforeAll(async () => {
  t = await startTestServer({}, clock);
  op = await registerUser(t);
  expect((await cli(['admin', 'grant', op.wtId], cliEnvOf(t))).code).toBe(0);
});
afterAll(() => t.close());

describe('admin reports queue', () => {
  it('every reports route: 28001 for a normal user', async () => {
    const plain = await registerUser(t);
    for (const [path, body] of [
      ['reports', {}],
      ['report/dismiss', { reportId: 1 }],
      ['report/handled', { reportId: 1 }],
      ['report/banSender', { reportId: 1, banReason: 'spam' }],
    ] as const)
      expect(await admin(path, plain, body)).toMatchObject({
        status: 403,
        code: 28001,
        msg: '仅运营人员可以使用管理后台',
      });
  });

  it('newest first; a dismissed report leaves the new queue; unknown reports answer 28003', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const first = await report(a, { type: 0, targetId: b.wtId });
    const second = await report(a, { type: 0, targetId: b.wtId, complaintDetail: '又骗' });
    const fresh = await queue(0);
    expect(fresh.reports.slice(0, 2).map((r) => r.id)).toEqual([second, first]);
    expect(fresh.reports[0]).toMatchObject({
      reporterWtId: a.wtId,
      targetType: 0,
      target: b.wtId,
      detail: '又骗',
    });
    expect(await admin('report/dismiss', op, { reportId: first })).toMatchObject({
      code: 200,
      data: { reportId: first, reportState: 2 },
    });
    expect((await queue(0)).reports.map((r) => r.id)).not.toContain(first);
    expect((await queue(2)).reports.map((r) => r.id)).toContain(first);
    expect((await admin('report/handled', op, { reportId: second })).data).toEqual({
      reportId: second,
      reportState: 1,
    });
    expect((await queue(1)).reports.map((r) => r.id)).toContain(second);
    expect(await admin('report/dismiss', op, { reportId: 999_999 })).toMatchObject({
      status: 404,
      code: 28003,
      msg: '该举报不存在',
    });
    const log = await admin<{ entries: { action: string; before: unknown; after: unknown }[] }>('audit', op, {
      targetWtId: `report:${first}`,
    });
    expect(log.data.entries).toEqual([
      expect.objectContaining({
        action: 'report.dismiss',
        before: { reportState: 0 },
        after: { reportState: 2 },
      }),
    ]);
  });

  it('ban the sender: needs confirmation, bans sending (20012), marks the report handled', async () => {
    const [a, b] = [await userOn(t, 'adm_rep_a'), await userOn(t, 'adm_rep_b')];
    expect((await sendText(t, b, a, 'buy now')).code).toBe(200);
    const id = await report(a, { type: 0, targetId: b.wtId });
    const ban = { reportId: id, banReason: 'fraud' };
    expect((await admin('report/banSender', op, ban)).code).toBe(28002);
    expect((await admin('confirm', op, { pwd: op.pwd })).code).toBe(200);
    expect((await admin('report/banSender', op, ban)).data).toEqual({ reportId: id, reportState: 1 });
    expect(await sendText(t, b, a, 'buy again')).toMatchObject({ status: 403, code: 20012 });
    expect((await queue(1)).reports.find((r) => r.id === id)).toMatchObject({ reportState: 1 });
    const log = await admin<{ entries: { action: string; after: unknown }[] }>('audit', op, {
      adminAction: 'report.banSender',
    });
    expect(log.data.entries[0]).toMatchObject({
      target: `report:${id}`,
      after: { reportState: 1, wtId: b.wtId, reason: 'fraud' },
    });
  });

  it('ban the sender of a group report: 28004', async () => {
    const [a, m] = [await registerUser(t), await registerUser(t)];
    const group = await createGroup(t, a, [m]);
    const id = await report(m, { type: 1, targetId: group.groupNumber, complaintType: '1' });
    expect((await admin('confirm', op, { pwd: op.pwd })).code).toBe(200);
    expect(await admin('report/banSender', op, { reportId: id, banReason: 'x' })).toMatchObject({
      status: 400,
      code: 28004,
      msg: '该举报针对的是群聊，无法封禁发送者',
    });
    expect((await queue(0)).reports.find((r) => r.id === id)).toMatchObject({
      targetType: 1,
      target: group.groupNumber,
    });
  });
});
