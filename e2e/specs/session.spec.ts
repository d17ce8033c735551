import { describe, expect, it } from 'vitest';
import { api, callApi, loginUser, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'session' });

describe('session end', () => {
  it('a token revoked by another client (logout) sends the user to /login with a notice and the return path', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    await page.goto('/contacts');
    await page.getByTestId('contacts-page').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="network-banner"]') === null);
    // Another client holding the same token logs it out.
    await api(h.server, '/user/logout', { token: user.token, body: {} });
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/contacts');
    await page.getByTestId('login-notice').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('parley.session'))).toBeNull();
  });

  it('an HTTP call answered with a session code (11013) clears the session and goes to /login', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    // Revoke before the app starts: the first API calls get the session code.
    await api(h.server, '/user/logout', { token: user.token, body: {} });
    const check = await callApi(h.server, '/user/info', { token: user.token });
    expect(check.code).toBe(11013);
    await page.goto('/member');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/member');
    expect(await page.getByTestId('login-notice').textContent()).toContain('登录状态已失效');
  });
});

describe('forced logout', () => {
  it('a second login does not replace the first; a forced logout from it does, with the text shown', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    await page.goto('/messages');
    await page.getByTestId('screen-messages').waitFor();

    const second = await loginUser(h.server, user);
    const secondPage = (await h.open({ login: second })).page;
    await secondPage.goto('/messages');
    await secondPage.getByTestId('screen-messages').waitFor();
    // The first session still works.
    await page.reload();
    await page.getByTestId('screen-messages').waitFor();
    expect((await callApi(h.server, '/user/info', { token: user.token })).code).toBe(200);

    // The second session signs out every other session: the first gets type -1 with the text.
    const res = await api<{ count: number }>(h.server, '/user/logoutOthers', {
      token: second.token,
      body: {},
    });
    expect(res.count).toBeGreaterThanOrEqual(1);
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
    await page.getByTestId('toast').filter({ hasText: '您已被强制下线' }).waitFor();
    expect(await page.getByTestId('login-notice').textContent()).toContain('您已被强制下线');
    // The session that did it stays signed in.
    await secondPage.reload();
    await secondPage.getByTestId('screen-messages').waitFor();
    expect(new URL(secondPage.url()).pathname).toBe('/messages');
  });
});
