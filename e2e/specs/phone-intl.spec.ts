import { describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '@parley/protocol';
import { api, nextIdentity } from '../harness/api';
import { useHarness } from '../harness/setup';
import { loginWithPhone, logoutViaMenu } from '../harness/ui';

const h = useHarness({ name: 'phone-intl' });

describe('international phone numbers', () => {
  it('registers through the English form with a +81 number, then logs in with it', async () => {
    const id = nextIdentity('jp');
    const d = id.phone.slice(-8);
    const typed = `+81 90-${d.slice(0, 4)}-${d.slice(4)}`;
    const stored = `+8190${d}`;

    const { page } = await h.open();
    await page.goto('/login');
    await page.getByTestId('lang-select').selectOption('en');
    await page.getByTestId('to-register').click();
    const form = page.getByTestId('register-form');
    await form
      .getByText(
        'Mainland China numbers as they are; others with + and the country code, e.g. +81 90 1234 5678',
      )
      .waitFor();
    // A number without its + is refused by the client check, in English.
    await form.locator('input[name="phone"]').fill(`8190${d}`);
    await page.getByTestId('register-submit').click();
    await form
      .getByText('Enter an 11-digit mainland China number or + and the country code, e.g. +81 90 1234 5678')
      .waitFor();

    await form.locator('input[name="phone"]').fill(typed);
    await form.locator('input[name="nickName"]').fill(id.nickName);
    await form.locator('input[name="pwd"]').fill(id.pwd);
    await form.locator('input[name="confirm"]').fill(id.pwd);
    await form.locator('input[name="agree"]').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(id.nickName);
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('parley.session') ?? '{}') as { token?: string }).token,
    );
    const me = await api<UserInfo>(h.server, '/user/info', { token });
    expect(me.phone).toBe(stored);

    await logoutViaMenu(page);
    await page.waitForURL((u) => u.pathname === '/login');
    // A wrong password: the server's 10001 shown in the UI language.
    await loginWithPhone(page, stored, 'Wrong-pass1');
    await page.getByTestId('login-error').filter({ hasText: 'Wrong account or password.' }).waitFor();
    await loginWithPhone(page, `+81 90 ${d.slice(0, 4)} ${d.slice(4)}`, id.pwd);
    await page.waitForURL('**/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(id.nickName);
  });

  it('a +1 number and a mainland number written with +86 log in through the form', async () => {
    const us = nextIdentity('us');
    const usPhone = `+1415${us.phone.slice(-7)}`;
    await api<LoginResult>(h.server, '/user/login/register', { body: { ...us, phone: usPhone } });
    const cn = nextIdentity('cn');
    await api<LoginResult>(h.server, '/user/login/register', { body: cn });

    const { page } = await h.open();
    await page.goto('/login');
    await loginWithPhone(page, `+1 (415) ${us.phone.slice(-7, -4)}-${us.phone.slice(-4)}`, us.pwd);
    await page.waitForURL('**/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(us.nickName);
    await logoutViaMenu(page);
    await page.waitForURL((u) => u.pathname === '/login');
    await loginWithPhone(page, `+86 ${cn.phone}`, cn.pwd);
    await page.waitForURL('**/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(cn.nickName);
  });
});
