import { beforeAll, describe, it } from 'vitest';
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

/**
 * Shows `path`: inside the app already loaded on the page, as its own links do (the router follows
 * the history), so axe, injected once, stays; a page with nothing loaded yet loads it.
 */
async function visit(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith(h.server.url)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
}

// No test changes what another reads (each has its own contexts; the seeded users are only looked
// at), so they run side by side.
describe.concurrent('axe on every screen', () => {
  // An owner with friends, a tag, a blacklisted user and applications both ways; a newcomer.
  beforeAll(async () => {
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
      await visit(page, '/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectAccessible(page, 'home');
      for (const [path, testId] of [
        ['/about', 'doc-about'],
        ['/agreement', 'doc-agreement'],
        ['/privacy', 'doc-privacy'],
        ['/h5/level', 'h5-level'],
      ] as const) {
        await visit(page, path);
        await page.getByTestId(testId).waitFor();
        await expectAccessible(page, path);
      }
      await visit(page, '/no-such-page');
      await page.waitForURL('**/404');
      await page.getByTestId('not-found').getByRole('heading').waitFor();
      await expectAccessible(page, '404');

      await visit(page, '/login');
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
      await visit(page, '/messages');
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
      await visit(page, '/contacts');
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
        await visit(page, path);
        await page.getByTestId(`screen-${screen}`).waitFor();
        await expectAccessible(page, path);
      }
      await visit(page, '/contacts');
      await page.getByTestId('contacts-friend').first().waitFor();
      await expectAccessible(page, 'contacts');
      await page.getByTestId('contacts-plus').click();
      await page.getByTestId('contacts-plus-menu').waitFor();
      await expectAccessible(page, 'contacts: plus menu');
      await page.keyboard.press('Escape');
      await page.getByTestId('contacts-plus-menu').waitFor({ state: 'detached' });

      await visit(page, `/contacts?tab=friend&id=${friend.wtId}`);
      await page.getByTestId('profile-card').waitFor();
      await expectAccessible(page, 'contacts: friend detail');
      await page.getByTestId('friend-menu-button').click();
      await page.getByTestId('friend-menu').waitFor();
      await expectAccessible(page, 'friend settings menu');
      await page.getByTestId('menu-remark').click();
      await page.getByTestId('remark-input').waitFor();
      await expectAccessible(page, 'remark and tags dialog');
      await closeDialog(page);

      await visit(page, '/contacts?tab=new');
      await page.getByTestId('apply-row').first().waitFor();
      await expectAccessible(page, 'new friends: received');
      await page.getByTestId('apply-tab-out').click();
      await page.locator('[data-testid="apply-row"][data-wtid]').first().waitFor();
      await expectAccessible(page, 'new friends: sent');
      for (const [tab, title] of [
        ['notices', '群通知'],
        ['groups', '群聊'],
        ['black', '黑名单'],
      ] as const) {
        await visit(page, `/contacts?tab=${tab}`);
        await page.getByTestId('contacts-pane').locator('.ct-pane__title', { hasText: title }).waitFor();
        await page.locator('.ct-loading').waitFor({ state: 'detached' });
        await expectAccessible(page, `contacts: ${tab}`);
      }
      await visit(page, `/contacts?tab=tags&id=${tagId}`);
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
      await visit(guest.page, '/login');
      await loginWithPhone(guest.page, guarded.phone, guarded.pwd);
      await guest.page.getByTestId('step2-form').waitFor();
      await expectAccessible(guest.page, 'second-step password');
      await guest.page.getByTestId('step2-form').locator('input[name="step2pwd"]').fill('Wrong999');
      await guest.page.getByTestId('step2-submit').click();
      await guest.page.getByTestId('login-error').waitFor();
      await expectAccessible(guest.page, 'second-step password: error');

      const issued = await api<{ qrCode: string }>(h.server, '/user/login/genQrCode', { body: {} });
      const { page } = await h.open({ viewport, login: owner.login });
      await visit(page, `/h5/qr-confirm?code=${encodeURIComponent(issued.qrCode)}`);
      await page.getByTestId('qr-confirm').waitFor();
      await expectAccessible(page, '/h5/qr-confirm');

      await visit(page, '/contacts');
      await page.getByTestId('contacts-friend').first().waitFor();
      await page.context().setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await page.getByTestId('network-banner').waitFor();
      await expectAccessible(page, 'network banner');
      await page.context().setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByTestId('network-banner').waitFor({ state: 'detached' });

      // The same page in English, then Japanese (the app menu's switch).
      for (const language of ['en', 'ja']) {
        await visit(page, '/contacts');
        await page.getByTestId('apply-row').first().waitFor({ state: 'detached' });
        await page.getByTestId('contacts-friend').first().waitFor();
        await page.getByTestId('menu-button').click();
        await page.getByTestId(`menu-lang-${language}`).click();
        await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
        await visit(page, '/contacts?tab=new');
        await page.getByTestId('apply-row').first().waitFor();
        await expectAccessible(page, `new friends (${language})`);
      }
    });
  }
});
