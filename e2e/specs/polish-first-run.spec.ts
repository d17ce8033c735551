import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HELPER_CONVERSATION_ID } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { registerUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { DESKTOP, PHONE } from './messages-helpers';

// Every new account gets the helper's welcome here, as in production.
const h = useHarness({ name: 'polish-first-run', env: { HELPER_WELCOME: '1' } });

/** Records, from the first document on, whether '空空如也' was ever rendered. */
async function watchEmpty(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawEmpty?: boolean };
    w.__sawEmpty = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="empty"]')) w.__sawEmpty = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('the first screen of a new account', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the helper's row and the first-run actions, never 空空如也 (${label})`, async () => {
      const A = await registerUser(h.server, { nickName: '新人' });
      const { page } = await h.open({ login: A.login, viewport });
      await watchEmpty(page);
      await page.goto('/messages');
      const start = page.getByTestId('get-started-welcome');
      await start.getByTestId('start-add-friend').waitFor();
      await start.getByTestId('start-my-id').filter({ hasText: A.wtId }).waitFor();
      await start.getByTestId('start-show-qr').waitFor();
      await page.locator(`[data-testid="conversation-row"][data-id="${HELPER_CONVERSATION_ID}"]`).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __sawEmpty: boolean }).__sawEmpty)).toBe(
        false,
      );
      // The actions are on screen, not below the fold.
      const box = (await start.getByTestId('start-add-friend').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await expectAccessible(page, `first run with the helper (${label})`);
      mkdirSync(SCREENSHOTS_DIR, { recursive: true });
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `${label}-first-run.png`),
        animations: 'disabled',
      });
    });
  }
});
