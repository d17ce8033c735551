import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, registerUser, type TestUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'screenshots' });

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** A signed-in user with three pending friend applications (real numbers for the sidebar badge). */
async function userWithApplications(): Promise<TestUser> {
  const user = await registerUser(h.server, { nickName: '林晓' });
  for (let i = 0; i < 3; i++) {
    const a = await registerUser(h.server);
    await api(h.server, '/userFriends/apply', {
      token: a.token,
      body: { applyWtId: user.wtId, applySource: 1 },
    });
  }
  return user;
}

const shoot = (page: Page, file: string) =>
  page.screenshot({ path: join(SCREENSHOTS_DIR, file), animations: 'disabled' });

const badgeOf = (page: Page) => page.getByTestId('nav-contacts').getByTestId('badge');

/**
 * Produces docs/screenshots/{home,login,app,app-menu}-{desktop,mobile}.png for the README and
 * docs/web.md. Each test first asserts what its screen must show, so a broken screen fails the test
 * instead of producing a picture of it.
 */
describe('screenshots', () => {
  beforeAll(() => mkdirSync(SCREENSHOTS_DIR, { recursive: true }));

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(`${name} ${viewport.width}×${viewport.height}`, () => {
      it('home: the hero heading and the way into the web app', async () => {
        const { page } = await h.open({ viewport });
        await page.goto('/');
        const heading = page.getByRole('heading', { level: 1, name: '和重要的人，随时畅聊' });
        await heading.waitFor();
        expect(await heading.isVisible()).toBe(true);
        expect(await page.getByTestId('app-menu').count()).toBe(0);
        await shoot(page, `home-${name}.png`);
      });

      it('login: the phone tab selected with its form', async () => {
        const { page } = await h.open({ viewport });
        await page.goto('/login');
        await page.getByTestId('login-form-phone').waitFor();
        expect(await page.getByTestId('tab-phone').getAttribute('aria-selected')).toBe('true');
        expect(await page.getByTestId('login-form-phone').isVisible()).toBe(true);
        await shoot(page, `login-${name}.png`);
      });

      it('app: the messages screen with 3 on the contacts badge', async () => {
        const user = await userWithApplications();
        const { page } = await h.open({ viewport, login: user.login });
        await page.goto('/messages');
        // No friends and no conversations yet: the first screen settles on the first-run actions.
        await page.getByTestId('get-started-welcome').waitFor();
        await badgeOf(page).filter({ hasText: /^3$/ }).waitFor();
        expect(await badgeOf(page).textContent()).toBe('3');
        expect(await page.getByTestId('screen-messages').isVisible()).toBe(true);
        await shoot(page, `app-${name}.png`);
      });

      it('app menu: profile, language and logout', async () => {
        const user = await userWithApplications();
        const { page } = await h.open({ viewport, login: user.login });
        await page.goto('/messages');
        await page.getByTestId('screen-messages').waitFor();
        await badgeOf(page).filter({ hasText: /^3$/ }).waitFor();
        await page.getByTestId('menu-button').click();
        const menu = page.getByTestId('app-menu');
        await menu.waitFor();
        expect(await menu.getByTestId('menu-profile').textContent()).toBe('个人资料');
        expect(await menu.getByTestId('menu-logout').textContent()).toBe('退出登录');
        expect(await menu.getByTestId('menu-lang-zh-CN').count()).toBe(1);
        await shoot(page, `app-menu-${name}.png`);
      });
    });
  }
});
