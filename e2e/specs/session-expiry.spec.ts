import { describe, expect, it } from 'vitest';
import { callApi, loginUser, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { loginWithPhone } from '../harness/ui';

// Tokens live eight seconds on this server: long enough for a browser to open the page while the
// session is valid, even on a loaded machine (two seconds was not), short enough to wait out.
const h = useHarness({ name: 'session-expiry', env: { TOKEN_TTL_SECONDS: '8' } });

/** Waits until the server itself answers 11011 for this token (it runs on the real clock). */
async function expired(token: string): Promise<void> {
  for (;;) {
    const res = await callApi(h.server, '/user/info', { token });
    if (res.code === 11011) return;
    expect(res.code).toBe(200); // anything else is a failure, not "not yet"
    await new Promise((r) => setTimeout(r, 100)); // poll interval
  }
}

describe('session expiry', () => {
  it('an expired token sends the user to /login with the return path, and logging in again brings them back', async () => {
    const user = await registerUser(h.server);
    const fresh = await loginUser(h.server, user);
    const { page } = await h.open({ login: fresh });
    await page.goto('/favorites');
    await page.getByTestId('screen-favorites').waitFor();
    await expired(fresh.token);
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
  });
});
