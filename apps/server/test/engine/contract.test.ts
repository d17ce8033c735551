import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEntries, serverEvents } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';

const apiDoc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/api.md'), 'utf8');

/** `METHOD /path` of every row of the REST tables in docs/api.md (first cell). */
function documentedRoutes(): Set<string> {
  const out = new Set<string>();
  for (const m of apiDoc.matchAll(/^\|\s*(GET|POST)\s+(\/[^\s|]+)\s*\|/gm)) out.add(`${m[1]} ${m[2]}`);
  return out;
}

/** Event types of the rows of the socket event tables in docs/api.md (`type` in the first cell). */
function documentedEvents(): Set<string> {
  const out = new Set<string>();
  for (const m of apiDoc.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)) out.add(m[1]!);
  return out;
}

// Routes outside the envelope contract (they answer bytes or upgrade to a socket).
const NOT_ENVELOPE = new Set(['GET /oss/files/{key}']);

describe('the contract table', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('every route of the table is served by the server', () => {
    const missing = contractEntries()
      .filter((e) => !t.server.app.hasRoute({ method: e.meta.method, url: `/api${e.meta.path}` }))
      .map((e) => `${e.meta.method} ${e.meta.path}`);
    expect(missing).toEqual([]);
  });

  it('docs/api.md lists exactly the routes of the table', () => {
    const table = new Set(contractEntries().map((e) => `${e.meta.method} ${e.meta.path}`));
    const documented = new Set([...documentedRoutes()].filter((r) => !NOT_ENVELOPE.has(r)));
    expect([...table].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !table.has(r)).sort()).toEqual([]);
  });

  it('docs/api.md documents every server event of the socket contract', () => {
    const documented = documentedEvents();
    expect(Object.keys(serverEvents).filter((type) => !documented.has(type))).toEqual([]);
  });

  it('only the declared fields of an answer leave the server (the response schema serializes it)', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    const body = (await res.json()) as { code: number; data: Record<string, unknown> };
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['bus', 'db', 'node', 'sendThread']);
  });
});
