import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { GIF, PNG, JPG, upload } from '../uploads/fixtures.js';
import { createGroup, must, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('reports of users and groups', () => {
  it('dictionaries list the report types of users and groups; another dictType is 400', async () => {
    const u = await newUser(t, 'rd');
    const users = await must<Array<{ dictLabel: string; dictValue: string }>>(
      t,
      u,
      '/dict/data/getListByDictType',
      {
        dictType: 'user_complaint_type',
      },
    );
    const groups = await must<Array<{ dictValue: string }>>(t, u, '/dict/data/getListByDictType', {
      dictType: 'group_complaint_type',
    });
    expect(users.length).toBeGreaterThan(1);
    expect(groups.length).toBeGreaterThan(1);
    expect(await post(t, u, '/dict/data/getListByDictType', { dictType: 'secret' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '字典类型格式不正确',
    });
  });

  it('a report is stored with 1–5 own png/jpeg images and answered 感谢反馈，我们将尽快核实处理', async () => {
    const [me, bad, owner] = [await newUser(t, 'rp'), await newUser(t, 'rq'), await newUser(t, 'ro')];
    const png = (await upload(t, me.token, { bytes: PNG, name: 'a.png', type: 'image/png' })).data!.url;
    const jpg = (await upload(t, me.token, { bytes: JPG, name: 'a.jpg', type: 'image/jpeg' })).data!.url;
    const gif = (await upload(t, me.token, { bytes: GIF, name: 'a.gif', type: 'image/gif' })).data!.url;
    const theirs = (await upload(t, owner.token, { bytes: PNG, name: 'b.png', type: 'image/png' })).data!.url;
    const base = { type: 0, targetId: bad.wtId, complaintType: '2', complaintDetail: '他骗我钱' };

    const ok = await post<{ id: number }>(t, me, '/complaint/add', {
      ...base,
      complaintImage: `${png},${jpg}`,
    });
    expect([ok.code, ok.msg]).toEqual([200, '感谢反馈，我们将尽快核实处理']);
    const row = await t.server.ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', ok.data.id)
      .executeTakeFirstOrThrow();
    expect([row.detail, row.images, Number(row.target_type)]).toEqual(['他骗我钱', `${png},${jpg}`, 0]);

    const g = await createGroup(t, owner, [me]);
    const group = await post(t, me, '/complaint/add', {
      type: 1,
      targetId: g.groupNumber,
      complaintType: '3',
      complaintDetail: '群里有违规内容',
      complaintImage: [png],
    });
    expect(group.code).toBe(200);

    const refused = (msg: string) => ({ status: 400, code: 400, msg });
    const cases: Array<[Record<string, unknown>, { status: number; code: number; msg: string }]> = [
      [{ ...base, complaintImage: [] }, refused('请上传举报图片')],
      [{ ...base, complaintImage: Array(6).fill(png) }, refused('最多上传5张图片')],
      [{ ...base, complaintImage: [gif] }, Errors.invalidImage],
      [{ ...base, complaintImage: [theirs] }, Errors.invalidImage],
      [
        { ...base, complaintImage: [png], complaintDetail: '字'.repeat(501) },
        refused('举报描述不能超过500个字符'),
      ],
      [{ ...base, complaintImage: [png], complaintType: '77' }, refused('举报类型不正确')],
      [{ ...base, complaintImage: [png], targetId: 'nobody_here' }, Errors.userNotFound],
      [
        { ...base, complaintImage: [png], type: 1, targetId: '00000000', complaintType: '1' },
        Errors.groupNotFound,
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await post(t, me, '/complaint/add', body);
      expect({ status: res.status, code: res.code, msg: res.msg }).toEqual(expected);
    }
  });
});
