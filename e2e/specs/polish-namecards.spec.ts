import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';
import { revealBubble, sendRich, toLatest } from './rich-helpers';
import { befriend, DESKTOP, pair, row } from './messages-helpers';

const h = useHarness({ name: 'polish-namecards' });

const nameCard = (userId: string, nickName: string) => ({
  data: JSON.stringify({ businessID: 'nameCard', userId, nickName, avatar: '' }),
  description: '[名片]',
  extension: '',
});
const note = {
  data: JSON.stringify({ businessID: 'note', collectTitle: '周末清单', noteContent: '买菜、跑步' }),
  description: '',
  extension: '',
};

describe('name cards and notes in a chat', () => {
  it('a card of a friend offers 发消息, a stranger’s 加好友, and the list previews [名片] / [笔记]', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    const C = await registerUser(h.server, { nickName: '陈晨' });
    const D = await registerUser(h.server, { nickName: '丁一' });
    await befriend(h, B, C);
    await befriend(h, A, C);
    // A sends B two cards: C (a friend of B) and D (a stranger to B), then a note.
    await sendRich(h.server, A, B, 'custom', nameCard(C.wtId, '陈晨'));
    await sendRich(h.server, A, B, 'custom', nameCard(D.wtId, '丁一'));
    const { page } = await h.open({ login: B.login, viewport: DESKTOP });
    await page.goto('/messages');
    await expect.poll(() => row(page, A).locator('.cv-row__last').textContent()).toBe('[名片]');
    await sendRich(h.server, A, B, 'custom', note);
    await expect.poll(() => row(page, A).locator('.cv-row__last').textContent()).toBe('[笔记]');

    await row(page, A).click();
    await page.locator(`[data-testid="chat"][data-id="C2C${A.wtId}"] [data-testid="message-list"]`).waitFor();
    await toLatest(page);
    const cards = page.getByTestId('message-list').getByTestId('namecard-bubble');
    await expect.poll(() => cards.count()).toBe(2);
    const friendCard = cards.filter({ hasText: '陈晨' });
    const strangerCard = cards.filter({ hasText: '丁一' });
    expect(await friendCard.getByTestId('namecard-add').count()).toBe(0);
    expect(await friendCard.getByTestId('namecard-chat').textContent()).toBe('发消息');
    expect(await strangerCard.getByTestId('namecard-add').textContent()).toBe('加好友');
    expect(await strangerCard.getByTestId('namecard-chat').count()).toBe(0);
    await expectAccessible(page, 'name cards from a friend');

    await friendCard.getByTestId('namecard-chat').click();
    await page.locator(`[data-testid="chat"][data-id="C2C${C.wtId}"]`).waitFor();
  });

  it('a name card and a note have a message menu (quote, pin, reaction, forward)', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    await sendRich(h.server, A, B, 'custom', nameCard(A.wtId, '安娜'));
    await sendRich(h.server, A, B, 'custom', note);
    const { page } = await h.open({ login: B.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=C2C${A.wtId}`);
    await page.locator(`[data-testid="chat"][data-id="C2C${A.wtId}"]`).waitFor();
    for (const kind of ['nameCard', 'note']) {
      const bubble = await revealBubble(page, kind);
      await bubble.click({ button: 'right' });
      const menu = page.getByTestId('message-menu');
      await menu.waitFor();
      for (const key of ['quote', 'pin', 'reaction', 'forward'])
        expect({ kind, key, n: await menu.getByTestId(`menu-${key}`).count() }).toEqual({ kind, key, n: 1 });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    // Quoting the card puts its label in the quote bar.
    const card = await revealBubble(page, 'nameCard');
    await card.click({ button: 'right' });
    await page.getByTestId('message-menu').getByTestId('menu-quote').click();
    await expect.poll(() => page.getByTestId('quote-bar').textContent()).toContain('[名片]');
  });
});
