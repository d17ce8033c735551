import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { api, registerUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'screenshots' });

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Produces docs/screenshots/{home,login,app}-{desktop,mobile}.png for the README and docs/web.md. */
describe('screenshots', () => {
  it('home, login and the app layout at 1280×800 and 390×844', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const user = await registerUser(h.server, { nickName: '林晓' });
    // Some real numbers for the sidebar: three friend applications.
    for (let i = 0; i < 3; i++) {
      const a = await registerUser(h.server);
      await api(h.server, '/userFriends/apply', {
        token: a.token,
        body: { applyWtId: user.wtId, applySource: 1 },
      });
    }
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const guest = await h.open({ viewport });
      await guest.page.goto('/');
      await guest.page.getByRole('heading', { name: '和重要的人，随时畅聊' }).waitFor();
      await guest.page.screenshot({ path: join(SCREENSHOTS_DIR, `home-${name}.png`) });
      await guest.page.goto('/login');
      await guest.page.getByTestId('login-form-phone').waitFor();
      await guest.page.screenshot({ path: join(SCREENSHOTS_DIR, `login-${name}.png`) });

      const app = await h.open({ viewport, login: user.login });
      await app.page.goto('/messages');
      await app.page.getByTestId('screen-messages').waitFor();
      await app.page.waitForFunction(
        () =>
          document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]')?.textContent === '3',
      );
      await app.page.screenshot({ path: join(SCREENSHOTS_DIR, `app-${name}.png`) });
      await app.page.getByTestId('menu-button').click();
      await app.page.getByTestId('app-menu').waitFor();
      await app.page.waitForTimeout(200);
      await app.page.screenshot({ path: join(SCREENSHOTS_DIR, `app-menu-${name}.png`) });
    }
  });
});
