import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './helpers.js';

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
    expect(await api(t, 'DELETE', '/user/info')).toMatchObject({ status: 404, code: 404 });
  });
});

describe('process lifecycle', () => {
  it('starts from main.ts on its defaults and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-main-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        PARLEY_DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let health: { code: number; data: { db: { dialect: string } } } | null = null;
      for (let i = 0; i < 100 && !health; i++) {
        await new Promise((r) => setTimeout(r, 200));
        health = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.json() as Promise<{ code: number; data: { db: { dialect: string } } }>)
          .catch(() => null);
      }
      expect(health?.code, stderr).toBe(200);
      expect(health?.data.db.dialect).toBe('sqlite');
      expect(fs.existsSync(path.join(dataDir, 'parley.db'))).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
