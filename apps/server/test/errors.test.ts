import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './helpers.js';
import { startNodeProcess } from './realtime/node-process.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, undefined, (s) => {
    s.app.get('/api/test/explode', async () => {
      throw new Error('secret internals: password=hunter2');
    });
  });
});
afterAll(() => t.close());

describe('unexpected errors', () => {
  it('answer 500 in the envelope with a request id and no internals', async () => {
    const res = await fetch(`${t.baseUrl}/api/test/explode`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('hunter2');
    const body = JSON.parse(text) as { code: number; msg: string; data: { requestId: string } };
    expect(body.code).toBe(500);
    expect(body.msg).toBe('系统未知错误，请反馈给管理员');
    expect(body.data.requestId).toMatch(/\w+/);
  });

  it('answers wrong methods and unknown paths with 404 in the envelope', async () => {
    const answer = { status: 404, code: 404, msg: '访问资源不存在' };
    expect(await api(t, 'DELETE', '/user/info')).toMatchObject(answer);
    expect(await api(t, 'GET', '/no/such/route')).toMatchObject(answer);
  });
});

describe('process lifecycle', () => {
  it('starts from main.ts on its defaults and stops cleanly on SIGTERM', async () => {
    const node = await startNodeProcess('main', { DATABASE_URL: '', REDIS_URL: '' });
    try {
      const health = (await (await fetch(`${node.baseUrl}/api/health`)).json()) as {
        code: number;
        data: { db: { dialect: string }; node: string };
      };
      expect(health.code, node.output()).toBe(200);
      expect(health.data).toMatchObject({ db: { dialect: 'sqlite' }, node: node.nodeId });
      expect(fs.existsSync(path.join(node.dataDir, 'parley.db'))).toBe(true);
      expect(await node.stop()).toEqual({ code: 0, signal: null });
      await expect(fetch(`${node.baseUrl}/api/health`)).rejects.toThrow();
    } finally {
      await node.stop(0);
    }
  }, 40_000);
});
