import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { redactUrl } from '../src/lib/log-redact.js';
import {
  buildServer,
  dropSchema,
  openSocket,
  registerUser,
  type TestServer,
  type TestUser,
} from './helpers.js';

// Session tokens never reach the log: not from /ws/{token}, not from ?token=.
const lines: string[] = [];
let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  // A real server whose pino output (level info: every request is logged) goes to `lines`.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-logs-'));
  const schema = process.env.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info' },
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseSchema: schema,
      redisUrl: undefined,
      webDistDir: undefined,
    },
  );
  const server = await buildServer(config, undefined, { write: (line: string) => void lines.push(line) });
  const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  t = {
    server,
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    config,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
  user = await registerUser(t);
});
afterAll(() => t.close());

/** Log lines (parsed) of requests whose URL starts with `prefix`. */
function requestLines(prefix: string) {
  return lines
    .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
    .filter((l) => l.req?.url.startsWith(prefix));
}

describe('logged URLs', () => {
  it('redacts the token of a plain GET on /ws/{token} and of ?token=', async () => {
    const plain = await fetch(`${t.baseUrl}/ws/${encodeURIComponent(user.token)}`);
    expect(plain.status).toBe(404);
    await plain.arrayBuffer();
    const query = await fetch(`${t.baseUrl}/api/user/info?token=${encodeURIComponent(user.token)}&x=1`);
    expect(query.status).toBe(401);
    await query.arrayBuffer();
    // A real socket with the token in its path as well.
    const socket = await openSocket(t, user.token);
    await socket.next((f) => f.type === 'hello');
    socket.close();
    await socket.closed;

    const ws = requestLines('/ws/');
    expect(ws.map((l) => l.req!.url)).toEqual(['/ws/[redacted]']);
    expect(ws[0]!.msg).toBe('incoming request');
    expect(requestLines('/api/user/info').map((l) => l.req!.url)).toEqual([
      '/api/user/info?token=[redacted]&x=1',
    ]);
    // Nowhere in the whole log, whatever the line.
    const all = lines.join('\n');
    expect(all).not.toContain(user.token);
    expect(all).not.toContain(encodeURIComponent(user.token));
  });
});

describe('secrets under other names', () => {
  it('redacts a token under an unexpected parameter name, by its value, and file keys in links', async () => {
    const res = await fetch(`${t.baseUrl}/api/user/info?session=${encodeURIComponent(user.token)}&page=2`);
    await res.arrayBuffer();
    const key = `${randomBytes(16).toString('hex')}.png`;
    const file = await fetch(`${t.baseUrl}/api/oss/files/${key}`);
    await file.arrayBuffer();
    expect(requestLines('/api/user/info?session').map((l) => l.req!.url)).toEqual([
      '/api/user/info?session=[redacted]&page=2',
    ]);
    expect(requestLines('/api/oss/files/').map((l) => l.req!.url)).toEqual(['/api/oss/files/[redacted]']);
    const all = lines.join('\n');
    expect(all).not.toContain(user.token);
    expect(all).not.toContain(key);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/ws/abc.def', '/ws/[redacted]'],
    ['/ws/abc/', '/ws/[redacted]'],
    ['/ws/abc?v=2', '/ws/[redacted]?v=2'],
    ['/WS/abc', '/WS/[redacted]'],
    ['/api/x?token=abc', '/api/x?token=[redacted]'],
    ['/api/x?a=1&imToken=abc&b=2', '/api/x?a=1&imToken=[redacted]&b=2'],
    ['/api/x?access_token=abc#frag', '/api/x?access_token=[redacted]#frag'],
    ['/ws/abc?token=abc', '/ws/[redacted]?token=[redacted]'],
    ['/api/user/info', '/api/user/info'],
    ['/api/x?tokens=1', '/api/x?tokens=1'],
    [`/api/x?sid=${'aZ0_-'.repeat(8)}&n=3`, '/api/x?sid=[redacted]&n=3'],
    ['/api/x?q=nineteen_characters&n=12', '/api/x?q=nineteen_characters&n=12'],
    ['/api/oss/files/0123456789abcdef0123456789abcdef.png', '/api/oss/files/[redacted]'],
    [
      '/api/oss/files/0123456789abcdef0123456789abcdef.png?download=1',
      '/api/oss/files/[redacted]?download=1',
    ],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
