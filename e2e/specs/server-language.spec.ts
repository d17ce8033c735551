import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@parley/protocol';
import { api, registerUser, type TestUser } from '../harness/api';
import { DEMO_PASSWORD, seedDemoUsers } from '../harness/seed';
import { useHarness } from '../harness/setup';
import { CALL_MEDIA_ARGS, waitState } from './calls-helpers';
import { befriend, pair, sendApi, typeAndSend } from './messages-helpers';

/**
 * The server's texts in the UI language, whatever the browser's own language (these contexts are
 * zh-CN browsers), and refusals that never show a field path.
 */
const h = useHarness({ name: 'server-language', browserArgs: CALL_MEDIA_ARGS });

/** No text that names a field by its path (`data.userID: …`, `searchId: …`). */
const FIELD_PATH = /\b[a-z][\w]*(\.[\w]+)*:\s/i;

describe('server texts in the UI language', () => {
  it('an English UI gets the sensitive-word refusal in English, as a toast without a field path', async () => {
    const { A, B } = await pair(h);
    const { page } = await h.open({ login: A.login, language: 'en' });
    await page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await page.getByTestId('chat-title').waitFor();
    await typeAndSend(page, '买六合彩吗');
    const toast = page.getByTestId('toast').filter({ hasText: 'The text contains sensitive content' });
    await toast.first().waitFor();
    const texts = await page.getByTestId('toast').allTextContents();
    expect(texts.some((t) => t.includes('The text contains sensitive content and was not sent.'))).toBe(true);
    for (const t of texts) expect(t).not.toMatch(FIELD_PATH);
  });

  it('a refused field is named by its label in the UI language (English, then Japanese)', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login, language: 'en' });
    await page.goto('/contacts');
    const search = async (text: string) => {
      await page.getByTestId('contacts-plus').click();
      await page.getByTestId('contacts-plus-add-friend').click();
      await page.getByTestId('add-search').fill(text);
      await page.getByTestId('add-search-btn').click();
      return page.getByTestId('add-error');
    };
    const error = await search('x'.repeat(70));
    await error.filter({ hasText: 'Search text must be at most 64 characters.' }).waitFor();
    expect(await error.textContent()).not.toMatch(FIELD_PATH);
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-lang-ja').click();
    const ja = await search('x'.repeat(70));
    await ja.filter({ hasText: '検索内容は64文字以内で入力してください。' }).waitFor();
  });
});

describe('calling a user whose ID has 3 characters', () => {
  it('the seeded demo user bob can be called from the chat', async () => {
    seedDemoUsers(h.server);
    const bobLogin = await api<LoginResult>(h.server, '/user/login/id', {
      body: { wtId: 'bob', pwd: DEMO_PASSWORD },
    });
    const bob: TestUser = {
      phone: '',
      wtId: 'bob',
      nickName: 'Bob',
      pwd: DEMO_PASSWORD,
      token: bobLogin.token,
      login: bobLogin,
    };
    const caller = await registerUser(h.server, { nickName: '安娜' });
    await befriend(h, caller, bob);
    const a = await h.open({ login: caller.login });
    const b = await h.open({ login: bob.login });
    await b.page.goto(`/messages?conversationID=C2C${caller.wtId}`);
    await a.page.goto(`/messages?conversationID=C2Cbob`);
    await a.page.getByTestId('chat-title').waitFor();
    await a.page.getByTestId('call-voice').click();
    await waitState(a.page, 'dialing-c2c');
    await waitState(b.page, 'be-invited');
    const toasts = await a.page.getByTestId('toast').allTextContents();
    expect(toasts.filter((t) => FIELD_PATH.test(t) || t.includes('ID长度'))).toEqual([]);
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
  });
});

describe('translated UI that fits', () => {
  it('the conversation tabs (Groups, グループ) are never cut, on a desktop and a phone', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, 'hi');
    for (const language of ['en', 'ja', 'zh-CN']) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const { page } = await h.open({ login: A.login, language, viewport });
        await page.goto('/messages');
        await page.getByTestId('conversation-row').first().waitFor();
        const cut = await page.evaluate(() => {
          const list = document.querySelector('.cv-tabs__list')!.getBoundingClientRect();
          return Array.from(document.querySelectorAll<HTMLElement>('[role="tab"][data-testid^="tab-"]'))
            .filter((tab) => {
              const r = tab.getBoundingClientRect();
              return (
                r.right > list.right + 0.5 ||
                r.bottom > list.bottom + 0.5 ||
                tab.scrollWidth > tab.clientWidth
              );
            })
            .map((tab) => tab.textContent);
        });
        expect(cut, `${language} ${viewport.width}`).toEqual([]);
        await page.context().close();
      }
    }
  });

  it('the member page names its plans in the UI language', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login, language: 'ja' });
    await page.goto('/member');
    await page.getByTestId('member-plan').first().waitFor();
    expect(await page.getByTestId('member-plan').locator('strong').allTextContents()).toEqual([
      '1か月メンバーシップ',
      '3か月メンバーシップ',
      '12か月メンバーシップ',
    ]);
  });
});
