import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, startTestServer } from './helpers.js';

describe('npm run seed', () => {
  it('creates the demo users and the helper once, and is idempotent', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-seed-'));
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'src/seed.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, PARLEY_DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    try {
      const first = run();
      expect(first.match(/created/g)?.length).toBe(4);
      const second = run();
      expect(second).not.toContain('created');
      expect(second.match(/already present/g)?.length).toBe(4);
      const t = await startTestServer({ dataDir, databaseUrl: undefined });
      try {
        const login = await api(t, 'POST', '/user/login/id', { body: { wtId: 'alice', pwd: 'parley123' } });
        expect(login.code).toBe(200);
      } finally {
        await t.server.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
