import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Conversation, Message } from '@parley/protocol';
import { api, registerUser, type TestUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import type { Harness } from '../harness/setup';

/** Shared steps of the messages specs: people, friendships and messages through the API. */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function befriend(h: Harness, a: TestUser, b: TestUser): Promise<void> {
  await api(h.server, '/userFriends/apply', { token: a.token, body: { applyWtId: b.wtId, applySource: 1 } });
  await api(h.server, '/userFriends/apply/handle', {
    token: b.token,
    body: { applyWtId: a.wtId, handleStatus: 1 },
  });
}

/** Two friends, 安娜 (A) and 博文 (B). */
export async function pair(h: Harness, names: [string, string] = ['安娜', '博文']) {
  const A = await registerUser(h.server, { nickName: names[0] });
  const B = await registerUser(h.server, { nickName: names[1] });
  await befriend(h, A, B);
  return { A, B };
}

let n = 0;
export async function sendApi(
  h: Harness,
  from: TestUser,
  to: TestUser,
  text: string,
  extra: object = {},
): Promise<Message> {
  n += 1;
  return api<Message>(h.server, '/message/send', {
    token: from.token,
    body: {
      conversationID: `C2C${to.wtId}`,
      clientMsgId: `e2e-${Date.now()}-${n}`,
      type: 'text',
      payload: { text },
      ...extra,
    },
  });
}

export async function conversationOf(h: Harness, owner: TestUser, peer: TestUser): Promise<Conversation> {
  return api<Conversation>(h.server, '/conversation/get', {
    token: owner.token,
    body: { conversationID: `C2C${peer.wtId}` },
  });
}

export const row = (page: Page, peer: TestUser) =>
  page.locator(`[data-testid="conversation-row"][data-id="C2C${peer.wtId}"]`);

export async function openChat(page: Page, peer: TestUser): Promise<void> {
  await row(page, peer).click();
  await page.locator(`[data-testid="chat"][data-id="C2C${peer.wtId}"]`).waitFor();
}

export const bubbles = (page: Page) => page.getByTestId('message-list').getByTestId('bubble');

export async function typeAndSend(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
}

export const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `messages-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

/** Waits until the composer holds `text` (drafts and 重新编辑 fill it after a render). */
export async function composerHas(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t) =>
      (document.querySelector('[data-testid="composer-input"]') as HTMLTextAreaElement | null)?.value === t,
    text,
  );
}

/** Right-click on a conversation row, then a menu item; waits for the menu to close. */
export async function rowMenu(page: Page, id: string, item: string): Promise<void> {
  await page.locator(`[data-testid="conversation-row"][data-id="${id}"]`).click({ button: 'right' });
  await page.getByTestId('conversation-menu').waitFor();
  await page.getByTestId(`menu-${item}`).click();
  await page.getByTestId('conversation-menu').waitFor({ state: 'detached' });
}
