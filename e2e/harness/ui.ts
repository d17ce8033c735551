import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y';

// Every login and logout through these helpers also runs axe on the screens they pass (docs/web.md).

/** Fills the phone tab of /login and submits (the page must be on /login). */
export async function loginWithPhone(page: Page, phone: string, pwd: string): Promise<void> {
  await page.getByTestId('tab-phone').click();
  const form = page.getByTestId('login-form-phone');
  await form.waitFor();
  await expectAccessible(page, 'login: phone');
  await form.locator('input[name="phone"]').fill(phone);
  await form.locator('input[name="pwd"]').fill(pwd);
  await page.getByTestId('login-submit').click();
}

export async function loginWithId(page: Page, wtId: string, pwd: string): Promise<void> {
  await page.getByTestId('tab-id').click();
  const form = page.getByTestId('login-form-id');
  await form.waitFor();
  await expectAccessible(page, 'login: ID');
  await form.locator('input[name="wtId"]').fill(wtId);
  await form.locator('input[name="pwd"]').fill(pwd);
  await page.getByTestId('login-submit').click();
}

/** Opens the sidebar menu and logs out (confirming the dialog). */
export async function logoutViaMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('app-menu').waitFor();
  await expectAccessible(page, 'app menu');
  await page.getByTestId('menu-logout').click();
  await page.getByTestId('confirm-ok').waitFor();
  await expectAccessible(page, 'logout confirm');
  await page.getByTestId('confirm-ok').click();
  await page.waitForURL((u) => u.pathname === '/login');
}

/** Texts of the toasts currently shown. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents();
}

/** Until a toast with `text` shows. */
export async function waitToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}
