import fs from 'node:fs';
import path from 'node:path';
import type { Health, Message } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledServer } from './compiled-server.js';
import { api, openSocket } from './helpers.js';
import { c2c, sendText, userOn } from './messaging/helpers.js';
import { startNodeProcess, type NodeProcess } from './realtime/node-process.js';

// `npm start` runs the server compiled by scripts/build.mjs, not the TypeScript the other tests
// import: what only the bundle decides (where it finds its migrations, the send thread's entry and the
// web build) is checked here, against a real process started from it.
const serverRoot = path.resolve(import.meta.dirname, '..');
// The send thread exists on SQLite only; the PostgreSQL pass has nothing more to check.
const sqlite = !process.env.DATABASE_URL;

let outdir: string;
let node: NodeProcess;
beforeAll(async () => {
  if (!sqlite) return;
  // The run's bundle (compiled-server.ts), shared with the other suites that start it.
  const bundle = await compiledServer();
  outdir = bundle.dir;
  node = await startNodeProcess(
    'compiled',
    { SEND_THREAD: '1', DATABASE_URL: '', REDIS_URL: '' },
    40_000,
    bundle.main,
  );
}, 90_000);
afterAll(async () => {
  await node?.stop();
});

describe.runIf(sqlite)('the compiled server (npm start)', () => {
  it('holds no TypeScript: the entry, the send thread, the CLI and every migration are plain modules', () => {
    const migrations = fs
      .readdirSync(path.join(serverRoot, 'src/db/migrations'))
      .filter((f) => /^\d{14}_/.test(f));
    expect(
      fs
        .readdirSync(path.join(outdir, 'migrations'))
        .filter((f) => f.endsWith('.js'))
        .sort(),
    ).toEqual(migrations.map((f) => f.replace(/\.ts$/, '.js')).sort());
    expect(fs.existsSync(path.join(outdir, 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'send-thread.js'))).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'sfu-worker.js'))).toBe(true);
    // The operator CLI (bin/parley.mjs runs it; test/ops/backup-*.test.ts run it as a process).
    expect(fs.existsSync(path.join(outdir, 'parley.js'))).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'helper-faq.json'))).toBe(true);
  });

  it('migrates a new database and commits a send on its send thread, delivered live', async () => {
    const health = await api<Health>(node.baseUrl, 'GET', '/health');
    expect(health.data).toMatchObject({ db: { dialect: 'sqlite', ok: true }, sendThread: 'idle' });

    const a = await userOn(node.baseUrl, 'bundle_a');
    const b = await userOn(node.baseUrl, 'bundle_b');
    const socket = await openSocket(node.baseUrl, a.token);
    const res = await sendText(node.baseUrl, b, a, '编译后的服务器');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      conversationID: c2c(a),
      sequence: 1,
      payload: { text: '编译后的服务器' },
    });
    const frame = await socket.next((f) => f.type === 'message.new');
    expect((frame.data as Message).ID).toBe(res.data.ID);
    socket.close();

    // The send ran on the thread: a thread that failed to load would have left it 'failed'.
    const after = await api<Health>(node.baseUrl, 'GET', '/health');
    expect(after.data.sendThread).toBe('running');
    expect(node.output()).not.toMatch(/send thread failed/);
  });
});
