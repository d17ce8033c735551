import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../harness/chromium';
import { CHROMIUM } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { pair } from './messages-helpers';
import { chatPage } from './calls-helpers';

/** Without the fake permission UI, headless Chromium refuses the camera: the call does not start. */
const h = useHarness({ name: 'calls-permission' });
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('calls: device permission refused', () => {
  it('shows the permission tip card (no camera access) and places no call', async () => {
    const { A, B } = await pair(h, ['权限', '被拒']);
    const a = await chatPage(browser, h.server, A, B);
    await a.page.getByTestId('call-video').click();
    const tip = a.page.getByTestId('permission-tip');
    await tip.waitFor();
    expect(await tip.textContent()).toContain('没有摄像头权限');
    expect(await a.page.getByTestId('call-window').count()).toBe(0);
    await a.page.getByTestId('permission-tip-close').click();
    await tip.waitFor({ state: 'detached' });
    await a.context.close();
  });
});
