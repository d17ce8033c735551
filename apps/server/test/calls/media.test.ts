import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import { api, FakeClock, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, invite, newUser, openTab } from './helpers.js';

/** The client's call-time record (/media/*), member info and ICE servers; the meter is in metering.test.ts. */
describe('daily call limit and ICE servers', () => {
  let t: TestServer;
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 8, 0, 0));
  const get = <T>(u: TestUser, url: string) => api<T>(t, 'GET', url, { token: u.token });
  const post = <T>(u: TestUser, url: string, body: unknown) =>
    api<T>(t, 'POST', url, { token: u.token, body });

  beforeAll(async () => {
    t = await startTestServer(
      {
        callSweepMs: 0,
        callDailyLimitSeconds: 120,
        stunUrls: ['stun:127.0.0.1:3478'],
        turnUrls: ['turn:127.0.0.1:3478?transport=udp'],
        turnSecret: 'coturn-secret',
        turnTtlSeconds: 600,
      },
      clock,
    );
  });
  afterAll(() => t?.close());

  it('the client record opens, reports and closes; its reports alone never reach the limit; member info', async () => {
    const a = await newUser(t, 'lim_a');
    const b = await newUser(t, 'lim_b');
    await befriend(t, a, b);
    expect((await get<number>(a, '/media/checkCall')).data).toBe(0);
    const started = await post<{ callId: number }>(a, '/media/call', { acceptWtId: b.wtId, callType: 2 });
    expect(started.code).toBe(200);
    const callId = started.data.callId;
    clock.advance(60_000);
    expect((await post<number>(a, '/media/uploadCall', { callId, uploadStep: 1 })).data).toBe(0);
    clock.advance(60_000);
    // 120 s reported, but no call was connected: the server's meter (call records) says 0 s.
    expect((await post<number>(a, '/media/uploadCall', { callId, uploadStep: 2 })).data).toBe(0);
    expect((await post(a, '/media/exitCall', { callId })).code).toBe(200);
    expect(await post(a, '/media/exitCall', { callId })).toMatchObject(Errors.callRecordNotFound);
    expect((await get<number>(a, '/media/checkCall')).data).toBe(0);
    const tab = await openTab(t, a);
    expect((await invite(tab, b)).data).toMatchObject({ status: 'ringing' });
    tab.close();
    const info = await get<{ usedSeconds: number; limitSeconds: number; vipType: number; plans: unknown[] }>(
      a,
      '/member/info',
    );
    expect(info.data).toMatchObject({ usedSeconds: 0, limitSeconds: 120, vipType: 0 });
    expect(info.data.plans.length).toBeGreaterThan(0);

    // Someone else's record does not exist for b; hostile bodies are 400.
    expect(await post(b, '/media/uploadCall', { callId })).toMatchObject(Errors.callRecordNotFound);
    expect(await post(a, '/media/uploadCall', { callId: 'x'.repeat(1000) })).toMatchObject({
      status: 400,
      code: 400,
      msg: '通话ID格式不正确',
    });
    expect(await post(a, '/media/call', { acceptWtId: b.wtId, callType: 3 })).toMatchObject({
      status: 400,
      code: 400,
      msg: '通话类型格式不正确',
    });

    // Membership (as the operator script grants it) shows in the member info.
    await t.server.modules.calls.usage.grantMembership(a.wtId, 2);
    expect((await get<number>(a, '/media/checkCall')).data).toBe(0);
    expect((await get<{ vipType: number; vipLevel: number }>(a, '/member/info')).data).toMatchObject({
      vipType: 1,
      vipLevel: 2,
    });
  });

  it('ICE servers carry coturn REST credentials that expire', async () => {
    const a = await newUser(t, 'ice_a');
    const res = await get<{
      iceServers: { urls: string[]; username?: string; credential?: string }[];
      iceTransportPolicy: string;
      expiresAt: number;
    }>(a, '/call/iceServers');
    expect(res.data.iceServers[0]).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    const turn = res.data.iceServers[1]!;
    const expiry = Math.floor(clock.now() / 1000) + 600;
    expect(turn.username).toBe(`${expiry}:${a.wtId}`);
    expect(turn.credential).toBe(createHmac('sha1', 'coturn-secret').update(turn.username!).digest('base64'));
    expect(res.data).toMatchObject({ iceTransportPolicy: 'all', expiresAt: expiry * 1000 });
    expect(await api(t, 'GET', '/call/iceServers')).toMatchObject(Errors.unauthorized);
  });
});
