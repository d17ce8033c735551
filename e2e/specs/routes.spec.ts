import { describe, expect, it } from 'vitest';
import { registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { loginWithPhone } from '../harness/ui';

const h = useHarness({ name: 'routes' });

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('public routes', () => {
  it('home, about, agreement, privacy, login and /h5/level render without a session', async () => {
    const { page } = await h.open();
    await page.goto('/');
    await page.getByRole('heading', { name: '和重要的人，随时畅聊' }).waitFor();
    expect(await page.locator('#product').isVisible()).toBe(true);
    expect(await page.locator('#about').isVisible()).toBe(true);
    for (const [path, testId, heading] of [
      ['/about', 'doc-about', '关于我们'],
      ['/agreement', 'doc-agreement', '用户协议'],
      ['/privacy', 'doc-privacy', '隐私政策'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(pathOf(page.url())).toBe(path);
    }
    await page.goto('/login');
    await page.getByTestId('login-form-phone').waitFor();
    await page.goto('/h5/level');
    await page.getByTestId('h5-level').waitFor();
    expect(pathOf(page.url())).toBe('/h5/level');
  });

  it('footer links reach the legal pages and the nav scroll links reach the home sections', async () => {
    const { page } = await h.open();
    await page.goto('/about');
    await page.locator('.guest-footer').getByRole('link', { name: '隐私政策' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('button', { name: '产品介绍' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#product');
    await page.getByRole('heading', { name: '产品介绍' }).waitFor();
  });

  it('unknown paths go to /404, also under /h5', async () => {
    const { page } = await h.open();
    for (const path of ['/no-such-page', '/messages/extra/deep', '/h5/nothing-here']) {
      await page.goto(path);
      await page.waitForURL('**/404');
      await page.getByTestId('not-found').waitFor();
    }
  });

  it('/h5 pages skip the auth guard: the QR confirm page asks a guest to log in instead of redirecting', async () => {
    const { page } = await h.open();
    await page.goto('/h5/qr-confirm?code=abc');
    await page.getByTestId('h5-qr-confirm').waitFor();
    expect(pathOf(page.url())).toBe('/h5/qr-confirm?code=abc');
    await page.getByRole('link', { name: '去登录' }).waitFor();
  });
});

describe('guards', () => {
  const guarded = ['/messages', '/contacts', '/favorites', '/moments', '/moments/42', '/member'];

  it('protected routes send a guest to /login?redirect=<path>', async () => {
    const { page } = await h.open();
    for (const path of guarded) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    }
  });

  it("'try web version' leads a guest to the login page and back to /messages after login", async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open();
    await page.goto('/');
    await page.getByTestId('try-web').click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/messages');
    await loginWithPhone(page, user.phone, user.pwd);
    await page.waitForURL('**/messages');
  });

  it('login returns to the requested path (with its query)', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open();
    await page.goto('/moments/42?from=share');
    await page.waitForURL((u) => u.pathname === '/login');
    await loginWithPhone(page, user.phone, user.pwd);
    await page.waitForURL((u) => u.pathname === '/moments/42' && u.search === '?from=share');
    await page.getByTestId('screen-moment').waitFor();
  });

  it('a signed-in user reaches every app screen; the sidebar is 80 px wide; /login sends them on', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    const screens: [string, string][] = [
      ['/messages', 'screen-messages'],
      ['/contacts', 'contacts-page'],
      ['/favorites', 'screen-favorites'],
      ['/moments', 'screen-moments'],
      ['/moments/7', 'screen-moment'],
      ['/member', 'screen-member'],
    ];
    for (const [path, testId] of screens) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      expect(pathOf(page.url())).toBe(path);
    }
    const box = await page.getByTestId('sidebar').boundingBox();
    expect(box?.width).toBe(80);
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(user.nickName);
    // The nav items are links to the named routes.
    await page.getByTestId('nav-contacts').click();
    await page.waitForURL('**/contacts');
    await page.goto('/login?redirect=%2Ffavorites');
    await page.waitForURL('**/favorites');
    // The home page stays reachable while signed in.
    await page.goto('/');
    await page.getByTestId('try-web').click();
    await page.waitForURL('**/messages');
  });
});
