import { describe, expect, it } from 'vitest';
import { registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'i18n' });

const navLabel = async (page: import('playwright-core').Page) =>
  (await page.getByTestId('nav-messages').textContent())?.trim();

describe('language switch', () => {
  it('the app menu switches zh-CN → en → ja, changes the UI text, and the choice survives a reload', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    await page.goto('/moments');
    await page.getByTestId('screen-moments').waitFor();
    expect(await navLabel(page)).toBe('消息');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-lang-en').click();
    await page.getByRole('heading', { name: 'Moments' }).waitFor();
    expect(await navLabel(page)).toBe('Chats');
    expect(await page.getByTestId('nav-contacts').textContent()).toBe('Contacts');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.reload();
    await page.getByTestId('screen-moments').waitFor();
    expect(await navLabel(page)).toBe('Chats');

    await page.getByTestId('menu-button').click();
    expect(await page.getByTestId('menu-logout').textContent()).toBe('Log out');
    await page.getByTestId('menu-lang-ja').click();
    await page.getByRole('heading', { name: 'モーメンツ' }).waitFor();
    expect(await navLabel(page)).toBe('トーク');

    // The public pages follow the same choice, and their own switch works too.
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '会社概要' }).waitFor();
    await page.getByTestId('lang-select').selectOption('zh-CN');
    await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();
  });

  it('a guest switches the login page to English', async () => {
    const { page } = await h.open();
    await page.goto('/login');
    await page.getByRole('heading', { name: '登录 Parley' }).waitFor();
    await page.getByTestId('lang-select').selectOption('en');
    await page.getByRole('heading', { name: 'Log in to Parley' }).waitFor();
    await page.getByTestId('login-submit').click();
    await page.getByText('Phone number is required').waitFor();
  });

  it('a first visit speaks the browser’s language; a stored choice wins over it', async () => {
    for (const [locale, heading] of [
      ['en-GB', 'Log in to Parley'],
      ['ja-JP', 'Parley にログイン'],
      ['de-DE', '登录 Parley'],
    ]) {
      const { page } = await h.open({ locale });
      await page.goto('/login');
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    const { page } = await h.open({ locale: 'en-GB', language: 'ja' });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Parley にログイン' }).waitFor();
  });
});
