import { describe, expect, it } from 'vitest';
import { callApi, loginUser, registerUser } from '../harness/api';
import { expireToken } from '../harness/db';
import { useHarness } from '../harness/setup';
import { loginWithPhone } from '../harness/ui';

// Tokens keep their configured lifetime here: the test ends one's lifetime in the server's database
// (harness/db.ts) once the page is open, and the server's own check then answers 11011.
const h = useHarness({ name: 'session-expiry' });

describe('session expiry', () => {
  it('an expired token sends the user to /login with the return path, and logging in again brings them back', async () => {
    const user = await registerUser(h.server);
    const fresh = await loginUser(h.server, user);
    const { page } = await h.open({ login: fresh });
    await page.goto('/favorites');
    await page.getByTestId('screen-favorites').waitFor();
    expect((await callApi(h.server, '/user/info', { token: fresh.token })).code).toBe(200);
    expireToken(h.server, fresh.token);
    expect(await callApi(h.server, '/user/info', { token: fresh.token })).toMatchObject({
      status: 401,
      code: 11011,
      msg: '登录已过期，请重新登录',
    });
    // The next server round trip (a reload fetches /user/info and /user/counters) meets 11011.
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/favorites', {
      timeout: 10_000,
    });
    expect(await page.getByTestId('login-notice').textContent()).toContain('登录已过期');
    expect(await page.evaluate(() => localStorage.getItem('parley.session'))).toBeNull();
    await loginWithPhone(page, user.phone, user.pwd);
    await page.waitForURL('**/favorites');
    await page.getByTestId('screen-favorites').waitFor();
    // The new session is another token, alive; the expired one stays refused.
    expect((await callApi(h.server, '/user/info', { token: fresh.token })).code).toBe(11011);
  });
});
