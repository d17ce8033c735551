import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort } from '../harness/server';
import { useHarness } from '../harness/setup';
import { pair } from './messages-helpers';
import { chatPage, launchCallBrowser, waitFrames, waitState } from './calls-helpers';

/**
 * A call through a local coturn (Debian package `coturn`) with relay-only ICE: no host candidate is
 * offered, so media can only flow through TURN, with the time-limited REST credentials Parley issues.
 */
const TURNSERVER = '/usr/bin/turnserver';
const SECRET = 'parley-e2e-turn-secret';
let turnPort = 0;
let turn: ChildProcess | undefined;
let turnLog = '';

const h = useHarness({
  name: 'calls-turn',
  get env() {
    return {
      TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
      TURN_SECRET: SECRET,
      ICE_TRANSPORT_POLICY: 'relay',
    };
  },
});
let browser: Browser;

beforeAll(async () => {
  browser = await launchCallBrowser();
});
afterAll(async () => {
  await browser?.close();
  turn?.kill('SIGTERM');
});

describe.skipIf(!existsSync(TURNSERVER))('calls through coturn', () => {
  it('connects relay-only with REST credentials; media flows through TURN', async () => {
    const { A, B } = await pair(h, ['图恩', '中继']);
    const a = await chatPage(browser, h.server, A, B);
    const b = await chatPage(browser, h.server, B, A);
    await a.page.getByTestId('call-video').click();
    await waitState(b.page, 'be-invited');
    await b.page.getByTestId('call-accept').click();
    await waitState(a.page, 'calling-c2c-video');
    await waitFrames(a.page, 10, 20_000);
    await waitFrames(b.page, 10, 20_000);
    await a.page.locator('[data-testid="call-stats"][data-route="relay"]').waitFor({ state: 'attached' });
    await b.page.locator('[data-testid="call-stats"][data-route="relay"]').waitFor({ state: 'attached' });
    expect(turnLog).toMatch(/session .*: (new|ALLOCATE)|allocation/i);
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
  });
});

// coturn must be up before the harness starts Parley (its env names the port).
turnPort = await freePort();
if (existsSync(TURNSERVER)) {
  turn = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${turnPort}`,
      '--min-port=49200',
      '--max-port=49400',
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=parley.test',
      '--allow-loopback-peers',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--fingerprint',
      '--log-file=stdout',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  turn.stdout?.on('data', (d: Buffer) => (turnLog += d.toString()));
  turn.stderr?.on('data', (d: Buffer) => (turnLog += d.toString()));
}
