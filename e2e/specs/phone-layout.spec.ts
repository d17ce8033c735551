import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, registerUser, type TestUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';

/**
 * The layout skeleton on a phone (390×844) with long lists: 50 friends and 30 applications. Every part
 * of Contacts is reachable from the top by scrolling its list (search, 新的朋友, first and last friend),
 * the tab bar stays on screen, and the people picker keeps 完成/取消 visible with 10 people picked.
 */
const h = useHarness({ name: 'phone-layout' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FRIENDS = 50;
const APPLICATIONS = 30;

let owner: TestUser;
let tagId: number;

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/** The element is entirely inside the viewport and is what the user would touch at its centre. */
async function expectReachable(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, 'element is rendered').not.toBeNull();
  const vp = page.viewportSize()!;
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(vp.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(vp.width);
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top) || top.contains(el));
  });
  expect(hit, 'nothing covers the element').toBe(true);
}

/** Scrolls a list with the mouse wheel (as a touch scroll would) until it reaches its end. */
async function wheelToEnd(page: Page, list: Locator, direction: 1 | -1): Promise<void> {
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const atEnd = () =>
    list.evaluate(
      (el, dir) => (dir > 0 ? el.scrollTop + el.clientHeight >= el.scrollHeight - 1 : el.scrollTop <= 0),
      direction,
    );
  for (let i = 0; i < 40 && !(await atEnd()); i++) await page.mouse.wheel(0, direction * 1200);
  expect(await atEnd()).toBe(true);
}

describe('phone layout with long lists', () => {
  // 50 friends, 30 applications and a tag, through the API.
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    owner = await registerUser(h.server, { nickName: '林晓' });
    await pool(
      Array.from({ length: FRIENDS }, (_, i) => i),
      6,
      async (i) => {
        // Names across the alphabet so the list has many letter sections.
        const u = await registerUser(h.server, {
          nickName: `${String.fromCharCode(65 + (i % 26))}${String(i).padStart(2, '0')} 好友`,
        });
        await api(h.server, '/userFriends/apply', {
          token: u.token,
          body: { applyWtId: owner.wtId, applySource: 1 },
        });
        await api(h.server, '/userFriends/apply/handle', {
          token: owner.token,
          body: { applyWtId: u.wtId, handleStatus: 1 },
        });
      },
    );
    await pool(
      Array.from({ length: APPLICATIONS }, (_, i) => i),
      6,
      async (i) => {
        const u = await registerUser(h.server, { nickName: `申请人${i}` });
        await api(h.server, '/userFriends/apply', {
          token: u.token,
          body: { applyWtId: owner.wtId, applySource: 1, applyInfo: `你好，我是申请人${i}` },
        });
      },
    );
    const tag = await api<{ id: number }>(h.server, '/userTag/add', {
      token: owner.token,
      body: { tagName: '同事' },
    });
    tagId = tag.id;
  }, 300_000);

  it('Contacts opens at the top; search, 新的朋友, the first and the last friend are reachable', async () => {
    const { page } = await h.open({ viewport: PHONE, login: owner.login });
    await page.goto('/contacts');
    const list = page.getByTestId('contacts-list');
    await page.getByTestId('contacts-friend').first().waitFor();
    // The page itself never scrolls; only the list region does, and it starts at the top.
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
    await expectReachable(page, page.getByTestId('contacts-search'));
    await expectReachable(page, page.getByTestId('contacts-plus'));
    await expectReachable(page, page.getByTestId('contacts-entry-new'));
    await expectReachable(page, page.getByTestId('contacts-entry-black'));
    await expectReachable(page, page.getByTestId('contacts-friend').first());
    await expectReachable(page, page.getByTestId('nav-contacts'));
    await expectAccessible(page, 'contacts: 50 friends');
    await shot(page, 'phone-contacts-top');

    await wheelToEnd(page, list, 1);
    const last = page.getByTestId('contacts-friend').last();
    await expectReachable(page, last);
    await expectReachable(page, page.getByText(`${FRIENDS}位联系人`));
    // The header stays in reach while the list is scrolled.
    await expectReachable(page, page.getByTestId('contacts-search'));
    await expectReachable(page, page.getByTestId('nav-contacts'));
    await shot(page, 'phone-contacts-bottom');

    await wheelToEnd(page, list, -1);
    await expectReachable(page, page.getByTestId('contacts-entry-new'));
    await page.getByTestId('contacts-entry-new').click();

    // 新的朋友 with 30 applications: back arrow and tabs stay on screen, the list scrolls under them.
    await page.getByTestId('apply-row').first().waitFor();
    const back = page.getByRole('button', { name: '返回' });
    await expectReachable(page, back);
    await expectReachable(page, page.getByTestId('apply-tab-in'));
    await expectAccessible(page, 'new friends: 30 received');
    await shot(page, 'phone-new-friends');
    const body = page.locator('.ct-pane__body');
    await wheelToEnd(page, body, 1);
    await expectReachable(page, back);
    await expectReachable(page, page.getByTestId('apply-tab-in'));
    const more = page.getByTestId('apply-more');
    if (await more.count()) await expectReachable(page, more);
    else await expectReachable(page, page.getByTestId('apply-row').last());
    await back.click();
    await page.getByTestId('contacts-search').waitFor();
    await expectReachable(page, page.getByTestId('contacts-search'));
  });

  it('the picker keeps 完成 visible with 50 candidates and 10 selected', async () => {
    const { page } = await h.open({ viewport: PHONE, login: owner.login });
    await page.goto(`/contacts?tab=tags&id=${tagId}`);
    await page.getByTestId('tag-add-members').click();
    await page.getByTestId('picker-row').first().waitFor();
    // The picker opens with focus in its search box.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'picker-search',
    );
    await expectReachable(page, page.getByTestId('picker-done'));
    await expectReachable(page, page.getByTestId('picker-cancel'));
    const rows = page.getByTestId('picker-row');
    for (let i = 0; i < 10; i++) {
      const row = page.locator('[data-testid="picker-row"][aria-checked="false"]').first();
      await row.scrollIntoViewIfNeeded();
      await row.click();
    }
    expect(
      await page.locator('[data-testid="picker-row"][aria-checked="true"]').count(),
    ).toBeGreaterThanOrEqual(10);
    await expect.poll(() => page.getByTestId('picker-count').textContent()).toBe('已选择10个好友');
    expect(await page.getByTestId('picker-selected-item').count()).toBe(10);
    await expectReachable(page, page.getByTestId('picker-done'));
    await expectReachable(page, page.getByTestId('picker-cancel'));
    await expectReachable(page, page.getByTestId('picker-search'));
    expect(await page.getByTestId('picker-done').isEnabled()).toBe(true);
    expect(await rows.count()).toBeGreaterThan(3);
    await expectAccessible(page, 'people picker: 10 selected');
    await shot(page, 'phone-picker');
    // The last candidate is reachable by scrolling the list.
    await wheelToEnd(page, page.getByTestId('picker-list'), 1);
    await expectReachable(page, rows.last());
    await expectReachable(page, page.getByTestId('picker-done'));
    // Cancel closes and focus returns to the button that opened the picker.
    await page.getByTestId('picker-cancel').click();
    await page.getByTestId('people-picker').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('tag-add-members');
  });

  it('a new user lands on next actions: add a friend, my ID and its QR code (phone and desktop)', async () => {
    const fresh = await registerUser(h.server, { nickName: '新人' });
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page } = await h.open({ viewport, login: fresh.login });
      await page.goto('/messages');
      await page.getByTestId('get-started-welcome').waitFor();
      expect(await page.getByTestId('start-my-id').textContent()).toBe(fresh.wtId);
      await expectReachable(page, page.getByTestId('start-add-friend'));
      await expectReachable(page, page.getByTestId('start-show-qr'));
      await shot(page, `${name}-first-run`);
      await page.getByTestId('start-show-qr').click();
      await page.getByTestId('my-qr').waitFor();
      await expectAccessible(page, 'my QR code');
      await page.keyboard.press('Escape');
      await page.getByTestId('my-qr').waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('start-show-qr');
      await page.getByTestId('start-add-friend').click();
      await page.getByTestId('add-search').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('add-search').waitFor({ state: 'detached' });
      await page.goto('/contacts');
      await page.getByTestId('get-started-contacts').waitFor();
      await expectReachable(page, page.getByTestId('get-started-contacts').getByTestId('start-add-friend'));
      await expectAccessible(page, 'contacts: empty');
      await shot(page, `${name}-contacts-empty`);
    }
  });

  it('desktop: contacts and the picker at 1280×800; arrow keys move through the list', async () => {
    const { page } = await h.open({ viewport: DESKTOP, login: owner.login });
    await page.goto('/contacts');
    await page.getByTestId('contacts-friend').first().waitFor();
    await expectReachable(page, page.getByTestId('contacts-search'));
    await expectReachable(page, page.getByTestId('contacts-entry-new'));
    await shot(page, 'desktop-contacts');
    // One Tab stop for the list: focus 新的朋友, ArrowDown reaches 群通知, End the last rendered row.
    await page.getByTestId('contacts-entry-new').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'contacts-entry-notices',
    );
    expect(
      await page.locator('[data-testid="contacts-list"] .ct-row[tabindex="0"]').count(),
      'exactly one row is a Tab stop',
    ).toBe(1);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'contacts-entry-new',
    );
    await wheelToEnd(page, page.getByTestId('contacts-list'), 1);
    await expectReachable(page, page.getByTestId('contacts-friend').last());

    await page.goto(`/contacts?tab=tags&id=${tagId}`);
    await page.getByTestId('tag-add-members').click();
    await page.getByTestId('picker-row').first().waitFor();
    for (let i = 0; i < 10; i++) await page.getByTestId('picker-row').nth(i).click();
    await expectReachable(page, page.getByTestId('picker-done'));
    await shot(page, 'desktop-picker');
  });
});
