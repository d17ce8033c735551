import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Counters, type UserConfig, type UserSearchResult } from '@parley/protocol';
import { api, registerUser, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('user config', () => {
  it('has defaults and updates one switch at a time', async () => {
    const u = await registerUser(t);
    const cfg = await api<UserConfig>(t, 'GET', '/user/userConfig/getInfo', { token: u.token });
    expect(cfg.data).toEqual({
      dailyWordSwitch: 1,
      webMediaSwitch: 1,
      notifyEnabled: 1,
      notifyPreview: 0,
      notifySound: 1,
      language: null,
    });
    const upd = await api<UserConfig>(t, 'POST', '/user/userConfig/update', {
      token: u.token,
      body: { webMediaSwitch: 0 },
    });
    expect(upd.data.webMediaSwitch).toBe(0);
    expect(upd.data.dailyWordSwitch).toBe(1);
    const bad = await api(t, 'POST', '/user/userConfig/update', {
      token: u.token,
      body: { webMediaSwitch: 5 },
    });
    expect(bad).toMatchObject({ status: 400, code: 400, msg: '音视频通话开关格式不正确' });
  });
});

describe('POST /user/searchById', () => {
  it('finds by wtId (source 1) and by phone (source 2)', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t, { wtId: 'findme_01', nickName: '被找的人' });
    const byId = await api<UserSearchResult>(t, 'POST', '/user/searchById', {
      token: me.token,
      body: { searchId: 'findme_01' },
    });
    expect(byId.data).toMatchObject({ userID: 'findme_01', name: '被找的人', source: 1 });
    const byPhone = await api<UserSearchResult>(t, 'POST', '/user/searchById', {
      token: me.token,
      body: { searchId: other.phone },
    });
    expect(byPhone.data).toMatchObject({ userID: 'findme_01', source: 2 });
    expect(JSON.stringify(byPhone.data)).not.toContain('pwd');
  });

  it('answers 10010 for nobody, 400 for an empty id and 401 without a session', async () => {
    const me = await registerUser(t);
    expect(
      await api(t, 'POST', '/user/searchById', { token: me.token, body: { searchId: 'nobody_here' } }),
    ).toMatchObject({
      status: 404,
      code: 10010,
      msg: '该用户不存在',
    });
    expect(
      await api(t, 'POST', '/user/searchById', { token: me.token, body: { searchId: '  ' } }),
    ).toMatchObject({
      status: 400,
      code: 400,
      msg: '搜索内容不能为空',
    });
    expect(await api(t, 'POST', '/user/searchById', { body: { searchId: 'x' } })).toMatchObject(
      Errors.unauthorized,
    );
  });
});

describe('misc', () => {
  it('reports health and answers unknown API paths with 404 in the envelope', async () => {
    const health = await api<{ db: { ok: boolean; dialect: string }; bus: { ok: boolean } }>(
      t,
      'GET',
      '/health',
    );
    expect(health.code).toBe(200);
    expect(health.data.db.ok).toBe(true);
    expect(health.data.db.dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
    expect(health.data.bus.ok).toBe(true);
    const missing = await api(t, 'GET', '/no/such/route');
    expect(missing).toMatchObject({ status: 404, code: 404, msg: '访问资源不存在' });
  });

  it('answers zero counters for a new user', async () => {
    const u = await registerUser(t);
    const c = await api<Counters>(t, 'GET', '/user/counters', { token: u.token });
    expect(c.data).toEqual({
      unread: 0,
      friendApplyUnread: 0,
      joinApplyUnRead: 0,
      otherUnRead: 0,
      selfApplyUnRead: 0,
      moments: 0,
    });
  });

  it('sends security headers', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('lets the page load map tiles from MAP_TILE_URL’s origin, and only then', async () => {
    expect((await fetch(`${t.baseUrl}/api/health`)).headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob:;",
    );
    const tiles = await startTestServer({ mapTileOrigin: 'https://tiles.example' });
    try {
      const csp = (await fetch(`${tiles.baseUrl}/api/health`)).headers.get('content-security-policy');
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example;");
    } finally {
      await tiles.close();
    }
  });
});
