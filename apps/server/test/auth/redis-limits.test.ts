import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { api, registerUser, startTestServer } from '../helpers.js';
import { describeWithServices } from '../services.js';

// Runs when REDIS_URL is set; in CI a missing or unreachable Redis fails this file (services.ts).
describeWithServices(['REDIS_URL'], 'rate limits shared through Redis', () => {
  it('locks an account after 10 failures spread over two nodes, and throttles an IP across nodes', async () => {
    const shared = {
      redisUrl: process.env.REDIS_URL,
      redisPrefix: `parley-rl-test-${randomBytes(4).toString('hex')}`,
    };
    const a = await startTestServer({ ...shared, authIpPerMinute: 40 });
    const b = await startTestServer({ ...shared, authIpPerMinute: 40 });
    try {
      // The same account on both nodes (each node has its own database here; the lock is keyed by phone).
      const phone = '13600000077';
      const onA = await registerUser(a, { phone });
      await registerUser(b, { phone, pwd: onA.pwd });
      for (let i = 0; i < 10; i++) {
        const node = i % 2 === 0 ? a : b;
        expect(
          await api(node, 'POST', '/user/login/pwd', { body: { phone, pwd: `wrong${i}x` } }),
        ).toMatchObject({ status: 400, code: 10001, msg: '账号或密码错误' });
      }
      for (const node of [a, b]) {
        const locked = await api(node, 'POST', '/user/login/pwd', { body: { phone, pwd: onA.pwd } });
        expect(locked).toMatchObject({ status: 429, code: 10004, msg: '登录失败次数过多，请15分钟后再试' });
      }
      // 2 registrations + 10 failures + 2 locked = 14 calls from 127.0.0.1 so far; the IP limit of 40 per
      // minute is counted over both nodes together.
      const codes: number[] = [];
      for (let i = 0; i < 30; i++) {
        const node = i % 2 === 0 ? a : b;
        codes.push((await api(node, 'POST', '/user/login/genQrCode')).code);
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(40 - 14);
      expect(codes.slice(40 - 14).every((c) => c === 429)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
