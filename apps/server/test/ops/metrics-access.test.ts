import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { requirePromTools, skipPromTools } from './prom-tools.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TOKEN = 'metrics-token-0123456789';
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const metricsOf = (config: Record<string, string>) => loadConfig({ ...config }).metrics;

describe('/metrics access', () => {
  it('is off by default: no listener, and 404 in the envelope on the public port', async () => {
    t = await startTestServer();
    expect(t.server.metrics.url).toBeNull();
    const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, msg: expect.any(String), data: null });
  });

  it('with METRICS_TOKEN answers the public port only to the bearer of the token', async () => {
    t = await startTestServer({ metrics: metricsOf({ METRICS_TOKEN: TOKEN }) });
    const none = await fetch(`${t.baseUrl}/metrics`, { headers: { 'accept-language': 'en' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await none.json()) as { code: number }).code).toBe(401);
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await right.text()).toMatch(/^parley_sockets_open 0$/m);
    expect(t.server.metrics.url).toBeNull();
  });

  it('with METRICS_PORT serves a loopback listener and still nothing on the public port', async () => {
    t = await startTestServer({ metrics: metricsOf({ METRICS_PORT: '0' }) });
    const url = t.server.metrics.url!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^parley_node_info\{node="[^"]+",database="(sqlite|postgres)"\} 1$/m);
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(404);
  });

  it('refuses a short token and a bad port at start', () => {
    expect(() => metricsOf({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN is too short: at least 16 characters',
    );
    expect(() => metricsOf({ METRICS_PORT: 'x' })).toThrow('Invalid METRICS_PORT: x (a port number)');
    expect(metricsOf({})).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
  });

  it.skipIf(skipPromTools)('passes promtool check metrics', async () => {
    requirePromTools();
    t = await startTestServer({ metrics: metricsOf({ METRICS_PORT: '0' }) });
    const text = await (await fetch(t.server.metrics.url!)).text();
    const out = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: out.status, problems: `${out.stdout}${out.stderr}`.trim() }).toEqual({
      status: 0,
      problems: '',
    });
  });

  it.skipIf(skipPromTools)(
    'ships alert rules that promtool accepts, on families the node exports',
    async () => {
      requirePromTools();
      const rules = path.join(ROOT, 'deploy/prometheus/parley-alerts.yml');
      const out = spawnSync('promtool', ['check', 'rules', rules], { encoding: 'utf8' });
      expect(out.stdout).toContain('SUCCESS: 9 rules found');
      t = await startTestServer({ metrics: metricsOf({ METRICS_PORT: '0' }) });
      const text = await (await fetch(t.server.metrics.url!)).text();
      const named = [...fs.readFileSync(rules, 'utf8').matchAll(/\b(parley_[a-z_]+?)(?:_bucket)?\b/g)].map(
        (m) => m[1]!,
      );
      const missing = [...new Set(named)].filter((n) => !new RegExp(`^# TYPE ${n} `, 'm').test(text));
      expect(missing).toEqual([]);
    },
  );
});
