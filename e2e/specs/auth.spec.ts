import { describe, expect, it } from 'vitest';
import { api, nextIdentity, registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { loginWithId, loginWithPhone, logoutViaMenu } from '../harness/ui';

const h = useHarness({ name: 'auth' });

describe('register, log out, log in', () => {
  it('registers through the form, logs out, and logs in again with the phone and with the wtId', async () => {
    const id = nextIdentity('reg');
    const { page } = await h.open();
    await page.goto('/login');
    await page.getByTestId('to-register').click();
    const form = page.getByTestId('register-form');
    // Field validation with the protocol's texts.
    await page.getByTestId('register-submit').click();
    await form.getByText('手机号不能为空').waitFor();
    await form.getByText('昵称不能为空').waitFor();
    await form.getByText('请阅读并同意用户协议和隐私政策').waitFor();
    await form.locator('input[name="phone"]').fill('12345');
    await form.locator('input[name="pwd"]').fill('abcdef');
    await page.getByTestId('register-submit').click();
    await form.getByText('手机号格式不正确').waitFor();
    await form.getByText('密码须同时包含字母和数字').waitFor();

    await form.locator('input[name="phone"]').fill(id.phone);
    await form.locator('input[name="nickName"]').fill(id.nickName);
    await form.locator('input[name="wtId"]').fill(id.wtId);
    await form.locator('input[name="pwd"]').fill(id.pwd);
    await form.locator('input[name="confirm"]').fill(id.pwd);
    await form.locator('input[name="agree"]').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(id.nickName);

    await logoutViaMenu(page);
    expect(await page.evaluate(() => localStorage.getItem('parley.session'))).toBeNull();
    await page.goto('/messages');
    await page.waitForURL((u) => u.pathname === '/login');

    await loginWithPhone(page, id.phone, id.pwd);
    await page.waitForURL('**/messages');
    await logoutViaMenu(page);

    await loginWithId(page, id.wtId, id.pwd);
    await page.waitForURL('**/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(id.nickName);
  });

  it('shows the validation texts and the server message of a failed login inline', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open();
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await page.getByText('手机号不能为空').waitFor();
    await page.getByText('密码不能为空').waitFor();
    await loginWithPhone(page, user.phone, 'wrong-password1');
    const error = await page.getByTestId('login-error').textContent();
    expect(error).toBe('账号或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    // Registering a taken phone marks the phone field with the server's text (no toast as well).
    await page.getByTestId('to-register').click();
    const form = page.getByTestId('register-form');
    await form.locator('input[name="phone"]').fill(user.phone);
    await form.locator('input[name="nickName"]').fill('Dup');
    await form.locator('input[name="pwd"]').fill('Passw0rd1');
    await form.locator('input[name="confirm"]').fill('Passw0rd1');
    await form.locator('input[name="agree"]').check();
    await page.getByTestId('register-submit').click();
    const phone = form.locator('input[name="phone"]');
    await form.getByRole('alert').filter({ hasText: '该手机号已注册' }).waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('toast').count()).toBe(0);
  });
});

describe('second-step password (712)', () => {
  it('asks for the second password with the hint, rejects a wrong one, then signs in and honours redirect', async () => {
    const user = await registerUser(h.server);
    await api(h.server, '/user/setStep2Pwd', {
      token: user.token,
      body: { pwd: 'Second2nd', tips: 'my cat', currentPwd: user.pwd },
    });
    const { page } = await h.open();
    await page.goto('/favorites');
    await page.waitForURL((u) => u.pathname === '/login');
    await loginWithPhone(page, user.phone, user.pwd);
    const form = page.getByTestId('step2-form');
    await form.waitFor();
    expect(await page.getByTestId('step2-tips').textContent()).toContain('my cat');
    await form.locator('input[name="step2pwd"]').fill('Wrong999');
    await page.getByTestId('step2-submit').click();
    expect(await page.getByTestId('login-error').textContent()).toBe('二级密码错误');
    await form.locator('input[name="step2pwd"]').fill('Second2nd');
    await page.getByTestId('step2-submit').click();
    await page.waitForURL('**/favorites');
  });

  it('works from the wtId tab too, and the profile drawer turns the second password off', async () => {
    const user = await registerUser(h.server);
    await api(h.server, '/user/setStep2Pwd', {
      token: user.token,
      body: { pwd: 'Second2nd', tips: '', currentPwd: user.pwd },
    });
    const { page } = await h.open();
    await page.goto('/login');
    await loginWithId(page, user.wtId, user.pwd);
    await page.getByTestId('step2-form').waitFor();
    await page.locator('input[name="step2pwd"]').fill('Second2nd');
    await page.getByTestId('step2-submit').click();
    await page.waitForURL('**/messages');

    await page.getByTestId('sidebar-me').click();
    const settings = page.getByTestId('step2-settings');
    await settings.getByText('已开启').waitFor();
    await settings.getByLabel('当前登录密码').fill(user.pwd);
    await settings.getByRole('button', { name: '关闭二级密码' }).click();
    await page.getByTestId('toast').filter({ hasText: '二级密码已关闭' }).waitFor();
    const again = await api<{ token: string }>(h.server, '/user/login/pwd', {
      body: { phone: user.phone, pwd: user.pwd },
    });
    expect(again.token).toBeTruthy();
  });
});

describe('QR login', () => {
  it('a signed-in browser confirms the code shown on the login page, which then signs in', async () => {
    const user = await registerUser(h.server);
    const guest = await h.open();
    await guest.page.goto('/login?redirect=%2Fmember');
    await guest.page.getByTestId('tab-qr').click();
    const img = guest.page.getByTestId('qr-image');
    await img.waitFor();
    const code = await img.getAttribute('data-code');
    expect(code).toBeTruthy();

    const phone = await h.open({ login: user.login, viewport: { width: 390, height: 844 } });
    await phone.page.goto(`/h5/qr-confirm?code=${encodeURIComponent(code!)}`);
    await phone.page.getByTestId('qr-confirm').waitFor();
    // Scanning shows up on the login page.
    await guest.page.getByText('扫描成功').waitFor();
    await phone.page.getByTestId('qr-confirm').click();
    await phone.page.getByTestId('qr-confirm-done').waitFor();

    await guest.page.waitForURL('**/member', { timeout: 15_000 });
    expect(await guest.page.getByTestId('sidebar-nick').textContent()).toBe(user.nickName);
  });

  it('an expired code is replaced by a fresh one without user action', async () => {
    const { page } = await h.open();
    await page.clock.install();
    await page.goto('/login');
    await page.getByTestId('tab-qr').click();
    const img = page.getByTestId('qr-image');
    await img.waitFor();
    const first = await img.getAttribute('data-code');
    // The server's codes live 2 minutes; jump past that on the page's clock.
    await page.clock.fastForward('02:05');
    await page.waitForFunction(
      (old) => {
        const el = document.querySelector('[data-testid="qr-image"]');
        return el !== null && el.getAttribute('data-code') !== old;
      },
      first,
      { timeout: 15_000 },
    );
    const second = await img.getAttribute('data-code');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('a used code cannot be confirmed again', async () => {
    const user = await registerUser(h.server);
    const issued = await api<{ qrCode: string }>(h.server, '/user/login/genQrCode', { body: {} });
    await api(h.server, '/user/login/qrCode/scan', { token: user.token, body: { qrCode: issued.qrCode } });
    await api(h.server, '/user/login/qrCode/confirm', { token: user.token, body: { qrCode: issued.qrCode } });
    const { page } = await h.open({ login: user.login });
    await page.goto(`/h5/qr-confirm?code=${issued.qrCode}`);
    // The server's 10008 (used code), not just any failure of the scan.
    const error = page.getByTestId('qr-confirm-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('二维码已被使用，请刷新');
    expect(await page.getByTestId('qr-confirm').count()).toBe(0);
  });
});
