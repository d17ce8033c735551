import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, registerUser, type TestUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { loginWithPhone } from '../harness/ui';

/**
 * axe on every screen the suite visits, at 1280×800 and 390×844: public pages, the login and register
 * forms (with inline errors), the first run, contacts and each of its panes, the friend dialogs, the
 * people picker, the profile drawer and the app menu. Any critical or serious violation fails.
 */
const h = useHarness({ name: 'a11y' });

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

let owner: TestUser;
let newcomer: TestUser;
let friend: TestUser;
let tagId: number;

async function befriend(a: TestUser, b: TestUser): Promise<void> {
  await api(h.server, '/userFriends/apply', { token: b.token, body: { applyWtId: a.wtId, applySource: 1 } });
  await api(h.server, '/userFriends/apply/handle', {
    token: a.token,
    body: { applyWtId: b.wtId, handleStatus: 1 },
  });
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
}

describe('axe on every screen', () => {
  it('seeds an owner with friends, a tag, a blacklisted user and applications both ways', async () => {
    owner = await registerUser(h.server, { nickName: '林晓' });
    newcomer = await registerUser(h.server, { nickName: '新人' });
    friend = await registerUser(h.server, { nickName: '刘洋' });
    await befriend(owner, friend);
    await befriend(owner, await registerUser(h.server, { nickName: 'Zoe' }));
    const blocked = await registerUser(h.server, { nickName: '王五' });
    await befriend(owner, blocked);
    await api(h.server, '/user/friendBlack/add', { token: owner.token, body: { friendWtId: blocked.wtId } });
    const incoming = await registerUser(h.server, { nickName: '陈晨' });
    await api(h.server, '/userFriends/apply', {
      token: incoming.token,
      body: { applyWtId: owner.wtId, applySource: 2, applyInfo: '我是陈晨' },
    });
    const outgoing = await registerUser(h.server, { nickName: '赵六' });
    await api(h.server, '/userFriends/apply', {
      token: owner.token,
      body: { applyWtId: outgoing.wtId, applySource: 1 },
    });
    const tag = await api<{ id: number }>(h.server, '/userTag/add', {
      token: owner.token,
      body: { tagName: '同事' },
    });
    tagId = tag.id;
  });

  for (const [vp, viewport] of Object.entries(VIEWPORTS)) {
    it(`public pages and the auth forms (${vp})`, async () => {
      const { page } = await h.open({ viewport });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectAccessible(page, 'home');
      for (const [path, testId] of [
        ['/about', 'doc-about'],
        ['/agreement', 'doc-agreement'],
        ['/privacy', 'doc-privacy'],
        ['/h5/level', 'h5-level'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(testId).waitFor();
        await expectAccessible(page, path);
      }
      await page.goto('/no-such-page');
      await page.waitForURL('**/404');
      await page.getByRole('heading').first().waitFor();
      await expectAccessible(page, '404');

      await page.goto('/login');
      await page.getByTestId('login-form-phone').waitFor();
      await expectAccessible(page, 'login: phone');
      await page.getByTestId('login-submit').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectAccessible(page, 'login: phone, errors');
      await page.getByTestId('tab-id').click();
      await page.getByTestId('login-form-id').waitFor();
      await expectAccessible(page, 'login: ID');
      await page.getByTestId('tab-qr').click();
      await page.locator('.qr-login img, [data-testid="qr-image"]').first().waitFor();
      await expectAccessible(page, 'login: QR');
      await page.getByTestId('to-register').click();
      await page.getByTestId('register-form').waitFor();
      await expectAccessible(page, 'register');
      await page.getByTestId('register-submit').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectAccessible(page, 'register: errors');
    });

    it(`first run: an empty first screen and contacts with next actions (${vp})`, async () => {
      const { page } = await h.open({ viewport, login: newcomer.login });
      await page.goto('/messages');
      await page.getByTestId('get-started-welcome').waitFor();
      await expectAccessible(page, 'messages: first run');
      await page.getByTestId('start-show-qr').click();
      await page.getByTestId('my-qr').waitFor();
      await expectAccessible(page, 'my QR code');
      await closeDialog(page);
      await page.getByTestId('start-add-friend').click();
      await page.getByTestId('add-search').waitFor();
      await expectAccessible(page, 'add friend');
      await page.getByTestId('add-search').fill(friend.wtId);
      await page.getByTestId('add-search-btn').click();
      await page.getByTestId('add-result').waitFor();
      await expectAccessible(page, 'add friend: result');
      await closeDialog(page);
      await page.goto('/contacts');
      await page.getByTestId('get-started-contacts').waitFor();
      await expectAccessible(page, 'contacts: empty');
    });

    it(`the app: placeholders, contacts and its panes, dialogs, picker, profile, menu (${vp})`, async () => {
      const { page } = await h.open({ viewport, login: owner.login });
      for (const [path, screen] of [
        ['/messages', 'messages'],
        ['/favorites', 'favorites'],
        ['/moments', 'moments'],
        ['/moments/1', 'moment'],
        ['/member', 'member'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(`screen-${screen}`).waitFor();
        await expectAccessible(page, path);
      }
      await page.goto('/contacts');
      await page.getByTestId('contacts-friend').first().waitFor();
      await expectAccessible(page, 'contacts');
      await page.getByTestId('contacts-plus').click();
      await page.getByTestId('contacts-plus-menu').waitFor();
      await expectAccessible(page, 'contacts: plus menu');
      await page.keyboard.press('Escape');
      await page.getByTestId('contacts-plus-menu').waitFor({ state: 'detached' });

      await page.goto(`/contacts?tab=friend&id=${friend.wtId}`);
      await page.getByTestId('profile-card').waitFor();
      await expectAccessible(page, 'contacts: friend detail');
      await page.getByTestId('friend-menu-button').click();
      await page.getByTestId('friend-menu').waitFor();
      await expectAccessible(page, 'friend settings menu');
      await page.getByTestId('menu-remark').click();
      await page.getByTestId('remark-input').waitFor();
      await expectAccessible(page, 'remark and tags dialog');
      await closeDialog(page);

      await page.goto('/contacts?tab=new');
      await page.getByTestId('apply-row').first().waitFor();
      await expectAccessible(page, 'new friends: received');
      await page.getByTestId('apply-tab-out').click();
      await page.locator('[data-testid="apply-row"][data-wtid]').first().waitFor();
      await expectAccessible(page, 'new friends: sent');
      for (const tab of ['notices', 'groups', 'black'] as const) {
        await page.goto(`/contacts?tab=${tab}`);
        await page.getByTestId('contacts-pane').waitFor();
        await page.locator('.ct-loading').waitFor({ state: 'detached' });
        await expectAccessible(page, `contacts: ${tab}`);
      }
      await page.goto(`/contacts?tab=tags&id=${tagId}`);
      await page.getByTestId('tag-add-members').waitFor();
      await expectAccessible(page, 'contacts: tags');
      await page.getByTestId('tag-add-members').click();
      await page.getByTestId('picker-row').first().waitFor();
      await page.getByTestId('picker-row').first().click();
      await expectAccessible(page, 'people picker');
      await page.getByTestId('picker-cancel').click();
      await page.getByTestId('people-picker').waitFor({ state: 'detached' });

      await page.getByTestId('menu-button').click();
      await page.getByTestId('app-menu').waitFor();
      await expectAccessible(page, 'app menu');
      await page.getByTestId('menu-profile').click();
      await page.getByTestId('profile-drawer').waitFor();
      await expectAccessible(page, 'profile drawer');
      await closeDialog(page);
    });
    it(`second-step password, QR confirm, offline banner, English and Japanese (${vp})`, async () => {
      const guarded = await registerUser(h.server);
      await api(h.server, '/user/setStep2Pwd', {
        token: guarded.token,
        body: { pwd: 'Second2nd', tips: 'my cat', currentPwd: guarded.pwd },
      });
      const guest = await h.open({ viewport });
      await guest.page.goto('/login');
      await loginWithPhone(guest.page, guarded.phone, guarded.pwd);
      await guest.page.getByTestId('step2-form').waitFor();
      await expectAccessible(guest.page, 'second-step password');
      await guest.page.getByTestId('step2-form').locator('input[name="step2pwd"]').fill('Wrong999');
      await guest.page.getByTestId('step2-submit').click();
      await guest.page.getByTestId('login-error').waitFor();
      await expectAccessible(guest.page, 'second-step password: error');

      const issued = await api<{ qrCode: string }>(h.server, '/user/login/genQrCode', { body: {} });
      const { page } = await h.open({ viewport, login: owner.login });
      await page.goto(`/h5/qr-confirm?code=${encodeURIComponent(issued.qrCode)}`);
      await page.getByTestId('qr-confirm').waitFor();
      await expectAccessible(page, '/h5/qr-confirm');

      await page.goto('/contacts');
      await page.getByTestId('contacts-friend').first().waitFor();
      await page.context().setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await page.getByTestId('network-banner').waitFor();
      await expectAccessible(page, 'network banner');
      await page.context().setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      for (const language of ['en', 'ja']) {
        const other = await h.open({ viewport, login: owner.login, language });
        await other.page.goto('/contacts?tab=new');
        await other.page.getByTestId('apply-row').first().waitFor();
        await expectAccessible(other.page, `new friends (${language})`);
      }
    });
  }
});
