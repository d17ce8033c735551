import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FriendApplication, Page as ListPage } from '@parley/protocol';
import { api, callApi, registerUser, type TestUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { waitToast } from '../harness/ui';

const h = useHarness({ name: 'friends' });

/*
 * Each test sets up the people and relations it needs through the API (and opens its own browser
 * contexts), so any test runs alone: `-t 'blacklists'` works like the whole file.
 */

// Toasts are hidden in the docs screenshots so they never cover what the picture is meant to show.
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `friends-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

/** Until no toast with `text` shows: a later `waitToast` for the same text then waits for a new one. */
async function waitToastGone(page: Page, text: string): Promise<void> {
  await page
    .getByTestId('toast')
    .filter({ hasText: text })
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
}

const friendRow = (page: Page, wtId: string) =>
  page.locator(`[data-testid="contacts-friend"][data-wtid="${wtId}"]`);

async function openContacts(page: Page): Promise<void> {
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('contacts-page').waitFor();
}

/** 添加朋友 from the plus menu: search, result card, apply with a reason. Returns the apply-form's error, if any. */
async function searchAndApply(page: Page, searchId: string, reason: string): Promise<string | null> {
  await page.getByTestId('contacts-plus').click();
  await page.getByTestId('contacts-plus-add-friend').click();
  await page.getByTestId('add-search').fill(searchId);
  await page.getByTestId('add-search-btn').click();
  await page.getByTestId('add-result').waitFor();
  await page.getByTestId('add-apply').click();
  await page.getByTestId('apply-reason').fill(reason);
  await page.getByTestId('apply-send').click();
  const outcome = await Promise.race([
    page
      .getByTestId('apply-error')
      .waitFor()
      .then(() => 'error' as const),
    page
      .getByTestId('add-result')
      .waitFor({ state: 'detached' })
      .then(() => 'sent' as const),
  ]);
  if (outcome === 'sent') return null;
  const text = await page.getByTestId('apply-error').textContent();
  await page.keyboard.press('Escape');
  return text;
}

async function acceptFrom(page: Page, applicant: TestUser): Promise<void> {
  await page.getByTestId('contacts-entry-new').click();
  const row = page.locator(`[data-testid="apply-row"][data-wtid="${applicant.wtId}"]`);
  await row.getByTestId('apply-accept').click();
  await row.getByTestId('apply-status').filter({ hasText: '已添加' }).waitFor();
}

async function befriend(applicant: TestUser, target: TestUser): Promise<void> {
  await api(h.server, '/userFriends/apply', {
    token: applicant.token,
    body: { applyWtId: target.wtId, applySource: 1 },
  });
  await api(h.server, '/userFriends/apply/handle', {
    token: target.token,
    body: { applyWtId: applicant.wtId, handleStatus: 1 },
  });
}

/** 阿强 (A) with three friends, so A's list has the letters C and D and a '#' bucket. */
async function userWithFriends(): Promise<TestUser> {
  const a = await registerUser(h.server, { nickName: '阿强' });
  for (const nickName of ['Carol', '大卫', '9号'])
    await befriend(await registerUser(h.server, { nickName }), a);
  return a;
}

/** A (with three other friends) and B (宝玉), friends of each other. */
async function friendsAB(): Promise<{ A: TestUser; B: TestUser }> {
  const A = await userWithFriends();
  const B = await registerUser(h.server, { nickName: '宝玉' });
  await befriend(A, B);
  return { A, B };
}

/** A signed-in page on /contacts, its friend list loaded. */
async function contactsOf(user: TestUser, { hasFriends = true } = {}): Promise<Page> {
  const { page } = await h.open({ login: user.login });
  await page.goto('/contacts');
  await page.getByTestId('contacts-page').waitFor();
  if (hasFriends) await page.getByTestId('contacts-friend').first().waitFor();
  return page;
}

async function openFriendMenu(page: Page, wtId: string): Promise<void> {
  await friendRow(page, wtId).click();
  await page.locator(`[data-testid="profile-card"][data-wtid="${wtId}"]`).waitFor();
  await page.getByTestId('friend-menu-button').click();
}

describe('friends and contacts, two users in two browsers', () => {
  it('A finds B by wtId and by phone and applies; B sees the badge rise live and accepts; both lists update', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const A = await userWithFriends();
    const B = await registerUser(h.server, { nickName: '宝玉' });
    const { page: pa } = await h.open({ login: A.login });
    const { page: pb } = await h.open({ login: B.login });
    await pb.goto('/messages');
    await pb.getByTestId('screen-messages').waitFor();
    expect(await pb.getByTestId('nav-contacts').getByTestId('badge').count()).toBe(0);

    await pa.goto('/contacts');
    await pa.getByTestId('contacts-page').waitFor();
    await pa.getByTestId('contacts-friend').first().waitFor();
    expect(await pa.getByTestId('contacts-letter').allTextContents()).toEqual(['C', 'D', '#']);

    // By wtId (applySource 1).
    expect(await searchAndApply(pa, B.wtId, '我是阿强')).toBeNull();
    await waitToast(pa, '申请已发送');
    // B's contacts badge rises without a reload.
    await pb.waitForFunction(
      () => document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]')?.textContent === '1',
      undefined,
      {
        timeout: 10_000,
      },
    );

    // By phone (applySource 2): the result card is B, and the renewed application carries source 2.
    await pa.getByTestId('contacts-plus').click();
    await pa.getByTestId('contacts-plus-add-friend').click();
    await pa.getByTestId('add-search').fill(B.phone);
    await pa.getByTestId('add-search-btn').click();
    await pa.getByTestId('add-result').waitFor();
    expect(await pa.getByTestId('add-result').getAttribute('data-wtid')).toBe(B.wtId);
    expect(await pa.getByTestId('add-result-name').textContent()).toBe('宝玉');
    await pa.getByTestId('add-apply').click();
    await shot(pa, 'add-friend');
    await pa.getByTestId('apply-reason').fill('手机号找到你');
    // The first application's toast may still show (3 s): this send's own toast is the one to wait for.
    await waitToastGone(pa, '申请已发送');
    await pa.getByTestId('apply-send').click();
    await waitToast(pa, '申请已发送');
    const inbox = await api<ListPage<FriendApplication>>(h.server, '/userFriends/applyList', {
      token: B.token,
      body: { direction: 'in' },
    });
    expect(inbox.rows.find((r) => r.userID === A.wtId)).toMatchObject({ source: 2, wording: '手机号找到你' });

    // B accepts from 新的朋友; opening it reads the applications, so the badge goes.
    await openContacts(pb);
    await pb.getByTestId('contacts-entry-new').click();
    await pb.locator(`[data-testid="apply-row"][data-wtid="${A.wtId}"]`).waitFor();
    await shot(pb, 'new-friends');
    await acceptFrom(pb, A);
    await pb.waitForFunction(
      () => !document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]'),
    );

    // Both lists show the other, live.
    await friendRow(pb, A.wtId).waitFor();
    await friendRow(pa, B.wtId).waitFor({ timeout: 10_000 });
    expect(await friendRow(pa, B.wtId).textContent()).toContain('宝玉');
    expect(await pa.getByTestId('contacts-letter').allTextContents()).toEqual(['B', 'C', 'D', '#']);
  });

  it('A sets a remark for B and it shows everywhere A sees B', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const { A, B } = await friendsAB();
    const pa = await contactsOf(A);
    expect(await pa.getByTestId('contacts-letter').allTextContents()).toEqual(['B', 'C', 'D', '#']);
    await openFriendMenu(pa, B.wtId);
    await pa.getByTestId('menu-remark').click();
    await pa.getByTestId('remark-input').fill('老同学小宝');
    await pa.getByTestId('remark-save').click();
    await waitToast(pa, '修改成功');
    // The list row, the profile card in the detail pane, and the alphabetical section (L for 老).
    await friendRow(pa, B.wtId).filter({ hasText: '老同学小宝' }).waitFor();
    await pa.getByTestId('profile-name').filter({ hasText: '老同学小宝' }).waitFor();
    expect(await pa.getByTestId('profile-card').textContent()).toContain('昵称：宝玉');
    expect(await pa.getByTestId('contacts-letter').allTextContents()).toEqual(['C', 'D', 'L', '#']);
    await shot(pa, 'contact-pane');
    // Contacts search finds B by the remark.
    await pa.getByTestId('contacts-search').fill('同学');
    await pa.waitForFunction(() => document.querySelectorAll('[data-testid="contacts-friend"]').length === 1);
    expect(await friendRow(pa, B.wtId).textContent()).toContain('老同学小宝');
    await pa.getByTestId('contacts-search').fill('');
    // The people picker (tag → add members) lists B under the remark and finds B by it.
    await pa.getByTestId('contacts-entry-tags').click();
    await pa.getByTestId('tag-create').click();
    await pa.getByTestId('tag-name-input').fill('同学');
    await pa.getByTestId('tag-name-save').click();
    await waitToast(pa, '创建成功');
    await pa.getByTestId('tag-add-members').click();
    await pa
      .locator(`[data-testid="picker-row"][data-id="${B.wtId}"]`)
      .filter({ hasText: '老同学小宝' })
      .waitFor();
    await pa.getByTestId('picker-search').fill('小宝');
    await pa.getByTestId('people-picker').getByText('搜索结果').waitFor();
    await pa.locator(`[data-testid="picker-row"][data-id="${B.wtId}"]`).click();
    await shot(pa, 'picker');
    await pa.getByTestId('picker-done').click();
    await waitToast(pa, '添加成功');
    await pa
      .locator(`[data-testid="tag-member"][data-wtid="${B.wtId}"]`)
      .filter({ hasText: '老同学小宝' })
      .waitFor();
    // The contact popup opened from the tag member shows the remark and the tag.
    await pa.locator(`[data-testid="tag-member"][data-wtid="${B.wtId}"]`).click();
    const popup = pa.locator('.pcard-popover [data-testid="profile-card"]');
    await popup.waitFor();
    expect(await popup.getAttribute('data-variant')).toBe('contact');
    expect(await popup.getByTestId('profile-name').textContent()).toContain('老同学小宝');
    expect(await popup.getByTestId('profile-tags').textContent()).toContain('同学');
    await shot(pa, 'tags');
    await pa.keyboard.press('Escape');
  });

  it('A blacklists B: B is under the blacklist with the blacklisted-user popup, and B cannot apply again', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const { A, B } = await friendsAB();
    const pa = await contactsOf(A);
    const pb = await contactsOf(B);
    await openFriendMenu(pa, B.wtId);
    await pa.getByTestId('menu-black').click();
    // Blacklisting asks first: cancelling changes nothing, confirming blocks.
    const ask = pa.getByRole('alertdialog').or(pa.getByRole('dialog'));
    await ask.filter({ hasText: '加入黑名单后，你将不再收到' }).waitFor();
    await pa.getByTestId('confirm-ok').click();
    await waitToast(pa, '已拉黑对方');
    await pa.getByTestId('contacts-entry-black').click();
    const row = pa.locator(`[data-testid="black-row"][data-wtid="${B.wtId}"]`);
    await row.waitFor();
    await row.click();
    const popup = pa.locator('.pcard-popover [data-testid="profile-card"]');
    await popup.waitFor();
    expect(await popup.getAttribute('data-variant')).toBe('blacklisted');
    await popup.getByTestId('profile-blacklisted').waitFor();
    await popup.getByTestId('profile-unblack').waitFor();
    await shot(pa, 'blacklist-popup');
    await pa.keyboard.press('Escape');

    // B ends the friendship, then tries to add A again. A search does not reveal a user who
    // blacklisted the searcher (it reads as unknown), and an application is refused.
    await openFriendMenu(pb, A.wtId);
    await pb.getByTestId('menu-delete').click();
    await pb.getByTestId('confirm-ok').click();
    await waitToast(pb, '删除好友成功');
    await friendRow(pb, A.wtId).waitFor({ state: 'detached' });
    await pb.getByTestId('contacts-plus').click();
    await pb.getByTestId('contacts-plus-add-friend').click();
    await pb.getByTestId('add-search').fill(A.wtId);
    await pb.getByTestId('add-search-btn').click();
    await pb.getByTestId('add-error').filter({ hasText: '该用户不存在' }).waitFor();
    expect(await pb.getByTestId('add-result').count()).toBe(0);
    await pb.keyboard.press('Escape');
    const applied = await callApi(h.server, '/userFriends/apply', {
      token: B.token,
      body: { applyWtId: A.wtId, applySource: 1, applyInfo: '加回我吧' },
    });
    expect(applied).toMatchObject({ status: 403, code: 21004, msg: '你已被对方加入黑名单，无法添加好友' });
  });

  it('A unblocks B; after a new application A deletes B (confirmation) and B disappears from both lists', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    // Where the blacklist test leaves them: A blacklisted B, and B deleted A.
    const { A, B } = await friendsAB();
    await api(h.server, '/user/friendBlack/add', { token: A.token, body: { friendWtId: B.wtId } });
    await api(h.server, '/userFriends/delete', { token: B.token, body: { friendsWtId: A.wtId } });
    const pa = await contactsOf(A);
    const pb = await contactsOf(B, { hasFriends: false });
    await pa.getByTestId('contacts-entry-black').click();
    const popupRow = pa.locator(`[data-testid="black-row"][data-wtid="${B.wtId}"]`);
    await popupRow.click();
    await pa.locator('.pcard-popover').getByTestId('profile-unblack').click();
    await waitToast(pa, '取消拉黑成功');
    await popupRow.waitFor({ state: 'detached' });
    await pa.getByText('黑名单为空').waitFor();

    // Friends again (B applies, A accepts), so A can delete B.
    expect(await searchAndApply(pb, A.wtId, '重新认识一下')).toBeNull();
    await acceptFrom(pa, B);
    await friendRow(pa, B.wtId).waitFor();
    await friendRow(pb, A.wtId).waitFor({ timeout: 10_000 });

    await openFriendMenu(pa, B.wtId);
    await pa.getByTestId('menu-delete').click();
    const dialog = pa.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('同时删除与该联系人的聊天记录');
    await shot(pa, 'delete-confirm');
    await pa.getByTestId('confirm-ok').click();
    await waitToast(pa, '删除好友成功');
    await friendRow(pa, B.wtId).waitFor({ state: 'detached' });
    await friendRow(pb, A.wtId).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await pa.getByTestId('contacts-placeholder').count()).toBe(1);
  });

  it('on a phone the column and the detail pane take turns (390×844)', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const { A } = await friendsAB();
    const { page } = await h.open({ login: A.login, viewport: { width: 390, height: 844 } });
    await page.goto('/contacts');
    await page.getByTestId('contacts-friend').first().waitFor();
    await shot(page, 'mobile-list');
    await page.getByTestId('contacts-friend').first().click();
    await page.getByTestId('profile-card').waitFor();
    expect(await page.getByTestId('contacts-list').isVisible()).toBe(false);
    await shot(page, 'mobile-detail');
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByTestId('contacts-list').waitFor();
  });

  it('speaks English and Japanese too (no raw keys on the contacts screen)', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const { A } = await friendsAB();
    for (const [language, entry, tags] of [
      ['en', 'New friends', 'Tags'],
      ['ja', '新しい友だち', 'タグ'],
    ] as const) {
      const { page } = await h.open({ login: A.login, language });
      await page.goto('/contacts?tab=tags');
      await page.getByTestId('contacts-entry-new').filter({ hasText: entry }).waitFor();
      await page.getByTestId('contacts-pane').getByText(tags, { exact: true }).first().waitFor();
      await page.getByTestId('contacts-friend').first().click();
      await page.getByTestId('profile-card').waitFor();
      await page.getByTestId('friend-menu-button').click();
      await page.getByTestId('friend-menu').waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/\b(entry|applies|tags|profile|menu|action|plus)\.[a-zA-Z]+/);
      await shot(page, `contact-${language}`);
    }
  });
});
