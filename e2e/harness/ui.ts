import type { Page } from 'playwright-core';

/** Fills the phone tab of /login and submits (the page must be on /login). */
export async function loginWithPhone(page: Page, phone: string, pwd: string): Promise<void> {
  await page.getByTestId('tab-phone').click();
  const form = page.getByTestId('login-form-phone');
  await form.locator('input[name="phone"]').fill(phone);
  await form.locator('input[name="pwd"]').fill(pwd);
  await page.getByTestId('login-submit').click();
}

export async function loginWithId(page: Page, wtId: string, pwd: string): Promise<void> {
  await page.getByTestId('tab-id').click();
  const form = page.getByTestId('login-form-id');
  await form.locator('input[name="wtId"]').fill(wtId);
  await form.locator('input[name="pwd"]').fill(pwd);
  await page.getByTestId('login-submit').click();
}

/** Opens the sidebar menu and logs out (confirming the dialog). */
export async function logoutViaMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-logout').click();
  await page.getByTestId('confirm-ok').click();
  await page.waitForURL((u) => u.pathname === '/login');
}

/** Texts of the toasts currently shown. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents();
}
