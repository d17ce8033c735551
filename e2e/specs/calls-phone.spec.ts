import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useHarness } from '../harness/setup';
import { pair } from './messages-helpers';
import { callShot, chatPage, launchCallBrowser, PHONE, waitFrames, waitState } from './calls-helpers';

const h = useHarness({ name: 'calls-phone' });
let browser: Browser;

beforeAll(async () => {
  browser = await launchCallBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('calls: the minimized call on a phone and on a computer', () => {
  it('等待接听 with a phone icon, then the other side’s video in a small box; tapping restores', async () => {
    const { A, B } = await pair(h);
    const a = await chatPage(browser, h.server, A, B, PHONE);
    const b = await chatPage(browser, h.server, B, A);

    await a.page.getByTestId('call-video').click();
    await waitState(a.page, 'dialing-c2c');
    await a.page.getByTestId('call-minimize').click();
    const float = a.page.getByTestId('call-float');
    await float.locator('[data-variant="icon"]').waitFor();
    expect(await a.page.getByTestId('call-float-waiting').textContent()).toBe('等待接听');
    await callShot(a.page, 'float-phone-waiting');

    await waitState(b.page, 'be-invited');
    await b.page.getByTestId('call-accept').click();
    await waitState(b.page, 'calling-c2c-video');
    // Connected while minimized: the box shows B's video, decoding.
    await float.locator('[data-variant="video"]').waitFor();
    await a.page.getByTestId('call-float-video').waitFor();
    await waitFrames(b.page, 0);
    await callShot(a.page, 'float-phone-video');

    // The computer's float bar keeps B hearing A (the remote audio element stays).
    await b.page.getByTestId('call-minimize').click();
    await b.page.getByTestId('call-float-timer').waitFor();
    await b.page.getByTestId('call-remote-audio').waitFor({ state: 'attached' });

    await a.page.getByTestId('call-restore').click();
    await waitState(a.page, 'calling-c2c-video');
    // The phone's panel: no full screen and no device list (it switches cameras); it wraps to fit,
    // hang up alone on the last row.
    await a.page.getByTestId('call-switch-camera').waitFor();
    expect(await a.page.getByTestId('call-fullscreen').count()).toBe(0);
    expect(await a.page.getByTestId('call-devices').count()).toBe(0);
    await callShot(a.page, 'connected-phone');
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-float').waitFor({ state: 'detached' });
  });

  it('the server restarts mid-call: both tabs reconnect within the grace period, the caller restarts ICE, the call goes on', async () => {
    const { A, B } = await pair(h, ['卡拉', '迪恩']);
    const a = await chatPage(browser, h.server, A, B);
    const b = await chatPage(browser, h.server, B, A);
    await a.page.getByTestId('call-video').click();
    await waitState(b.page, 'be-invited');
    await b.page.getByTestId('call-accept').click();
    await waitState(a.page, 'calling-c2c-video');
    await waitFrames(b.page, 0);

    await h.server.stop();
    await a.page.getByTestId('network-banner').waitFor();
    await h.server.start();
    await a.page.getByTestId('network-banner').waitFor({ state: 'detached', timeout: 20_000 });
    // Back on new sockets, the call (kept in the database) is rebound to them and the caller
    // restarts ICE; both stay in the call and B keeps decoding.
    await a.page
      .locator('[data-testid="call-stats"][data-ice-restarts="1"]')
      .waitFor({ state: 'attached', timeout: 30_000 });
    const frames = Number(await b.page.getByTestId('call-stats').getAttribute('data-frames-decoded'));
    await waitFrames(b.page, frames + 10);
    await waitState(a.page, 'calling-c2c-video');
    await waitState(b.page, 'calling-c2c-video');
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
  });
});
