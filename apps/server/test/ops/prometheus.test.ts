import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, invite, newUser, openTab, type Tab } from '../calls/helpers.js';
import { requirePromTools, skipPromTools } from './prom-tools.js';

// A real Prometheus (Debian's package) scrapes a running Parley through a scrape config of this
// test's own, and the series are read back through its HTTP query API.
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

type Sample = { metric: Record<string, string>; value: [number, string] };

describe.skipIf(skipPromTools)('Prometheus scrapes Parley', () => {
  let t: TestServer;
  let dir: string;
  let prom: ChildProcess;
  let promUrl: string;
  let a: TestUser;
  let b: TestUser;
  let tabA: Tab;
  let tabB: Tab;

  /** The samples of a PromQL expression, as Prometheus answers now. */
  async function query(expr: string): Promise<Sample[]> {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; data: { result: Sample[] } };
    expect(body.status).toBe('success');
    return body.data.result;
  }
  /** Waits (through Prometheus's own scrapes) until `expr` has a sample with a value satisfying `ok`. */
  async function until(expr: string, ok: (v: number) => boolean): Promise<number> {
    for (;;) {
      const [first] = await query(expr);
      if (first && ok(Number(first.value[1]))) return Number(first.value[1]);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    requirePromTools();
    t = await startTestServer({ metrics: loadConfig({ METRICS_PORT: '0' }).metrics });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-prom-'));
    const target = new URL(t.server.metrics.url!);
    fs.writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, scrape_timeout: 900ms }',
        'scrape_configs:',
        '  - job_name: parley',
        `    static_configs: [{ targets: ['${target.host}'] }]`,
      ].join('\n'),
    );
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    prom = spawn(
      'prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    for (;;) {
      const ready = await fetch(`${promUrl}/-/ready`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    [a, b] = [await newUser(t, 'pa'), await newUser(t, 'pb')];
    await befriend(t, a, b);
    [tabA, tabB] = [await openTab(t, a), await openTab(t, b)];
  }, 120_000);

  afterAll(async () => {
    tabA?.close();
    tabB?.close();
    prom?.kill('SIGTERM');
    if (prom) await new Promise((r) => prom.once('exit', r));
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the families back, moving as a message is sent and a call is made', async () => {
    expect(await until('up{job="parley"}', (v) => v === 1)).toBe(1);
    expect(await until('parley_sockets_open', (v) => v === 2)).toBe(2);
    const sentBefore = await until('parley_messages_sent_total{kind="one_to_one"}', () => true);
    const ack = await tabA.send('message.send', {
      conversationID: `C2C${b.wtId}`,
      clientMsgId: 'prom-1',
      type: 'text',
      payload: { text: 'hello prometheus' },
    });
    expect(ack.code).toBe(200);
    expect(await until('parley_messages_sent_total{kind="one_to_one"}', (v) => v > sentBefore)).toBe(
      sentBefore + 1,
    );
    expect(await until('parley_socket_frames_received_total{type="message.send"}', (v) => v >= 1)).toBe(1);
    await until('parley_socket_frames_sent_total{type="message.new"}', (v) => v >= 1);
    await until('parley_send_commit_batch_size_count', (v) => v >= 1);
    await until('parley_send_commit_duration_seconds_count', (v) => v >= 1);

    expect((await invite(tabA, b)).code).toBe(200);
    expect(await until('parley_calls_active{kind="one_to_one"}', (v) => v === 1)).toBe(1);
    await until('parley_socket_frames_received_total{type="call.invite"}', (v) => v >= 1);

    // The REST side: the route's template, never its path; and the node's other families.
    await until(
      'parley_http_requests_total{route="/api/userFriends/apply/handle",status_class="2xx"}',
      (v) => v >= 1,
    );
    await until('parley_database_up', (v) => v === 1);
    await until('parley_bus_up', (v) => v === 1);
    await until('parley_data_dir_free_bytes', (v) => v > 0);
    await until('parley_moments_fanout_backlog', (v) => v === 0);
    await until('parley_database_statement_duration_seconds_count', (v) => v > 0);
    await until('nodejs_eventloop_lag_p99_seconds', (v) => v >= 0);
    await until('process_cpu_seconds_total', (v) => v > 0);
  }, 120_000);
});
