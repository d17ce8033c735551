import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { createGroup, newUser, post } from '../groups/helpers.js';
import { befriend } from '../messaging/helpers.js';

// Existence probes: commonList and getCardInfoById tell whether a user or a group exists, so they
// draw on searchById's per-user budget instead of being free.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ limits: { ...DEFAULT_LIMITS, lookupsPerMinute: 4 } }, clock);
});
afterAll(() => t.close());

const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试', data: null };

describe('existence probes', () => {
  it('commonList answers 4 times a minute, then 429 until the minute ends', async () => {
    const me = await newUser(t, 'prober');
    const other = await newUser(t, 'probed');
    for (let i = 0; i < 4; i++) {
      const res = await post(t, me, '/user/groupchat/commonList', { wtId: i % 2 ? other.wtId : 'nobody_x' });
      expect(res.code).toBe(i % 2 ? 200 : 10010);
    }
    expect(await post(t, me, '/user/groupchat/commonList', { wtId: other.wtId })).toMatchObject(RATE_LIMITED);
    clock.advance(60_000);
    expect((await post(t, me, '/user/groupchat/commonList', { wtId: other.wtId })).code).toBe(200);
  });

  it('getCardInfoById answers 4 times a minute, then 429', async () => {
    const me = await newUser(t, 'carder');
    const owner = await newUser(t, 'cardowner');
    const pal = await newUser(t, 'cardpal');
    await befriend(t, owner, pal);
    const g = await createGroup(t, owner, [pal]);
    for (let i = 0; i < 4; i++) {
      const res = await post(t, me, '/user/groupchat/getCardInfoById', {
        groupNumber: i % 2 ? g.groupNumber : '10000000',
      });
      expect(res.code).toBe(i % 2 ? 200 : 22001);
    }
    const over = await post(t, me, '/user/groupchat/getCardInfoById', { groupNumber: g.groupNumber });
    expect(over).toMatchObject(RATE_LIMITED);
  });

  it('searchById, commonList and getCardInfoById share one budget', async () => {
    const me = await newUser(t, 'mixer');
    const other = await newUser(t, 'mixed');
    expect((await post(t, me, '/user/searchById', { searchId: other.wtId })).code).toBe(200);
    expect((await post(t, me, '/user/groupchat/commonList', { wtId: other.wtId })).code).toBe(200);
    expect((await post(t, me, '/user/groupchat/getCardInfoById', { groupNumber: '10000001' })).code).toBe(
      22001,
    );
    expect((await post(t, me, '/user/searchById', { searchId: other.wtId })).code).toBe(200);
    expect(await post(t, me, '/user/groupchat/commonList', { wtId: other.wtId })).toMatchObject(RATE_LIMITED);
    expect(await post(t, me, '/user/searchById', { searchId: other.wtId })).toMatchObject(RATE_LIMITED);
    // Per user: someone else still looks up.
    expect((await post(t, other, '/user/groupchat/commonList', { wtId: me.wtId })).code).toBe(200);
  });
});
