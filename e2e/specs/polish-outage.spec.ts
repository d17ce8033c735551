import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { DESKTOP, pair, row, sendApi } from './messages-helpers';

const h = useHarness({ name: 'polish-outage' });

/** Two frames after the last failed request: whatever it toasts is on screen by then. */
async function afterFailures(page: Page, failed: Promise<unknown>): Promise<void> {
  await failed;
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
}

describe('outage banner', () => {
  it('a stopped server is the server’s fault: one banner, no error toasts, gone once it is back', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    await sendApi(h, B, A, '在吗');
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto('/messages');
    await row(page, B).waitFor();
    const banner = page.getByTestId('network-banner');

    await h.server.stop();
    await banner.waitFor({ timeout: 10_000 });
    // What the user does meanwhile fails: opening the chat asks for its history.
    const history = page.waitForEvent('requestfailed', (r) => r.url().includes('/message/'));
    await row(page, B).click();
    await afterFailures(page, history);

    expect(await page.getByTestId('toast').allTextContents()).toEqual([]);
    expect(await banner.textContent()).toBe('无法连接服务器，请稍后再试');
    await expectAccessible(page, 'server unreachable banner');
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'network-server-down.png'), animations: 'disabled' });

    await h.server.start();
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('an offline browser is the user’s network', async () => {
    const { A } = await pair(h, ['安娜', '博文']);
    const { page, context } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto('/messages');
    await page.getByTestId('screen-messages').waitFor();
    await context.setOffline(true);
    const banner = page.getByTestId('network-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe('网络异常，请您检查网络设置');
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
  });
});
