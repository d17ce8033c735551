import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { bubbles, DESKTOP, openChat, pair, row, sendApi, shot, typeAndSend } from './messages-helpers';

const h = useHarness({ name: 'messages-live' });

describe('messages: live chat between two browsers', () => {
  it('send and receive live; unread badges in the list and the sidebar; 未读 turns 已读 when the peer reads', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await Promise.all([a.page.goto('/messages'), b.page.goto('/messages')]);
    // The friendship's notice opened the conversation on both sides (not counted as unread).
    await row(a.page, B).waitFor();
    await row(b.page, A).waitFor();
    await expectAccessible(b.page, 'messages: list');

    await openChat(a.page, B);
    await a.page.getByTestId('system-notice').first().waitFor();
    await typeAndSend(a.page, '你好，博文');
    const mine = a.page.getByTestId('message').filter({ hasText: '你好，博文' });
    await mine.and(a.page.locator('[data-status="success"]')).waitFor();
    expect(await mine.getByTestId('read-marker').textContent()).toBe('未读');
    expect(await a.page.getByTestId('composer-input').inputValue()).toBe('');

    // B, on the list: the row and the sidebar count it.
    await row(b.page, A).getByTestId('conversation-badge').filter({ hasText: '1' }).waitFor();
    await b.page.getByTestId('nav-messages').getByTestId('badge').filter({ hasText: '1' }).waitFor();
    expect(await row(b.page, A).locator('.cv-row__last').textContent()).toBe('你好，博文');

    // B reads it: the badges go, and A's marker turns 已读 live.
    await openChat(b.page, A);
    await bubbles(b.page).filter({ hasText: '你好，博文' }).waitFor();
    await row(b.page, A).getByTestId('conversation-badge').waitFor({ state: 'detached' });
    await b.page.getByTestId('nav-messages').getByTestId('badge').waitFor({ state: 'detached' });
    await mine.getByTestId('read-marker').filter({ hasText: '已读' }).waitFor();

    await expectAccessible(b.page, 'messages: chat');

    // B answers; A gets it live, in order, after a time separator at the top.
    await typeAndSend(b.page, '在的，什么事？');
    await bubbles(a.page).filter({ hasText: '在的，什么事？' }).waitFor();
    expect(await bubbles(a.page).allTextContents()).toEqual(['你好，博文', '在的，什么事？']);
    expect(await a.page.getByTestId('time-separator').count()).toBe(1);
    await shot(a.page, 'chat-desktop');
    await shot(b.page, 'list-desktop');
  });

  it('typing: B sees 对方正在输入... while A writes, for 5 s after the last typing frame, and no longer once the message comes', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    // B's page runs on a clock the test moves (Playwright's clock: Date and timers of the page).
    await b.page.clock.install();
    await Promise.all([
      a.page.goto(`/messages?conversationID=C2C${B.wtId}`),
      b.page.goto(`/messages?conversationID=C2C${A.wtId}`),
    ]);
    await b.page.getByTestId('composer-input').waitFor();
    const input = a.page.getByTestId('composer-input');
    await input.click();
    const typing = b.page.getByTestId('typing');
    expect(await typing.count()).toBe(0);
    // From here time on B's page moves only when the test moves it (the pause is set in its future).
    await b.page.clock.pauseAt(Date.now() + 30_000);

    // A writes without sending: one typing frame, and B's header says so for 5 s of B's time.
    await input.pressSequentially('在吗');
    await typing.filter({ hasText: '对方正在输入...' }).waitFor();
    await b.page.clock.runFor(4_999);
    expect(await typing.allTextContents()).toEqual(['对方正在输入...']);
    await b.page.clock.runFor(20);
    await typing.waitFor({ state: 'detached' });

    // A sends (a message resets A's typing throttle) and writes again: the mark is back, and A's
    // message ends it at once. B's clock still stands: only the message can have ended it.
    await input.press('Enter');
    await bubbles(b.page).filter({ hasText: '在吗' }).waitFor();
    await input.pressSequentially('有事找你');
    await typing.waitFor();
    await input.press('Enter');
    await bubbles(b.page).filter({ hasText: '有事找你' }).waitFor();
    expect(await typing.count()).toBe(0);

    // The mark as assistive technology meets it (axe needs the page's timers: the clock runs again).
    await b.page.clock.resume();
    await input.pressSequentially('？');
    await typing.waitFor();
    await expectAccessible(b.page, 'messages: chat, peer typing');
  });

  it('an emoji goes in at the caret, and what is typed next follows it in the box', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto('/messages');
    await openChat(a.page, B);
    const input = a.page.getByTestId('composer-input');
    await input.fill('你好世界');
    await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(2, 2));
    await a.page.getByTestId('emoji-button').click();
    await a.page.getByTestId('emoji-panel').waitFor();
    await shot(a.page, 'emoji-desktop');
    await a.page.getByTestId('emoji-panel').getByRole('button', { name: '😀' }).click();
    await a.page.getByTestId('emoji-panel').waitFor({ state: 'detached' });
    // Typed at once after the pick: the caret is already behind the emoji, and the box keeps focus.
    await a.page.keyboard.type('呀');
    expect(await input.inputValue()).toBe('你好😀呀世界');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the sidebar counts new messages on another screen too (no counter push per message)', async () => {
    const { A, B } = await pair(h);
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await b.page.goto('/favorites');
    await b.page.getByTestId('screen-favorites').waitFor();
    expect(await b.page.getByTestId('nav-messages').getByTestId('badge').count()).toBe(0);
    await sendApi(h, A, B, '在联系人页也能看到');
    await b.page.getByTestId('nav-messages').getByTestId('badge').filter({ hasText: '1' }).waitFor();
    await sendApi(h, A, B, '第二条');
    await b.page.getByTestId('nav-messages').getByTestId('badge').filter({ hasText: '2' }).waitFor();
  });

  it('a refused message gets the failure mark and the server text; resending asks first; the quote is cleared', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '可以引用这句');
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await bubbles(a.page).filter({ hasText: '可以引用这句' }).click({ button: 'right' });
    // Opening the chat read it: no badge left in the sidebar.
    await a.page.getByTestId('nav-messages').getByTestId('badge').waitFor({ state: 'detached' });
    await a.page.getByTestId('menu-quote').click();
    await a.page.getByTestId('quote-bar').waitFor();
    await typeAndSend(a.page, '买六合彩吗');
    const failed = a.page.getByTestId('message').filter({ hasText: '买六合彩吗' });
    await failed.getByTestId('message-failed').waitFor();
    await a.page
      .getByTestId('toast')
      .filter({ hasText: '消息或者资料中文本存在敏感内容,发送失败' })
      .first()
      .waitFor();
    expect(await a.page.getByTestId('quote-bar').count()).toBe(0);
    expect(await failed.getByTestId('read-marker').count()).toBe(0);
    await shot(a.page, 'failed-desktop');

    await failed.getByTestId('message-failed').click();
    await a.page.getByTestId('confirm-ok').filter({ hasText: '重发' }).waitFor();
    await expectAccessible(a.page, 'messages: resend dialog');
    await a.page.getByTestId('confirm-ok').click();
    // Refused again (the same words): still failed, still one copy.
    await failed.getByTestId('message-failed').waitFor();
    expect(await bubbles(a.page).filter({ hasText: '买六合彩吗' }).count()).toBe(1);
  });
});
