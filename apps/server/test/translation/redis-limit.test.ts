import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import { startTestServer } from '../helpers.js';
import { befriend, post, sent, userOn } from '../messaging/helpers.js';
import { describeWithServices } from '../services.js';
import { libreTranslateStandIn } from './stand-ins.js';

// Runs when REDIS_URL is set; in CI a missing or unreachable Redis fails this file (services.ts).
describeWithServices(['REDIS_URL'], 'translation rate limit shared through Redis', () => {
  it('counts a user’s requests in Redis, so every node sharing it sees the same budget', async () => {
    const lt = await libreTranslateStandIn();
    const prefix = `parley-tr-test-${randomBytes(4).toString('hex')}`;
    const t = await startTestServer({
      redisUrl: process.env.REDIS_URL,
      redisPrefix: prefix,
      translatePerMinute: 2,
      translate: { url: lt.url, apiKey: undefined, timeoutMs: 5000, retries: 0, maxChars: 5000 },
    });
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const [x, y] = [await userOn(t, 'rlx'), await userOn(t, 'rly')];
      await befriend(t, x, y);
      const m = await sent(t, x, y, 'counted');
      const translate = (targetLanguage: string) =>
        post(t, y, '/message/translate', { messageID: m.ID, targetLanguage });
      expect((await translate('zh')).code).toBe(200);
      expect((await translate('en')).code).toBe(200);
      expect(await translate('ja')).toMatchObject({ status: 429, code: 429, msg: Errors.rateLimited.msg });
      const keys = await redis.keys(`${prefix}:rl:message.translate:*`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]!))).toBe(3);
      // The budget lives in Redis, not on this node: dropping the key there gives it back.
      await redis.del(keys[0]!);
      expect((await translate('ja')).code).toBe(200);
    } finally {
      redis.disconnect();
      await t.close();
      await lt.close();
    }
  });
});
