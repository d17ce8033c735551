import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { GroupInfo } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { api } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { cardMessages } from './rich-cards';
import { revealBubble, sendRich, toLatest } from './rich-helpers';
import { DESKTOP, pair, PHONE, sendApi } from './messages-helpers';

const h = useHarness({ name: 'polish-cards' });

const shot = (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return page.screenshot({
    path: join(SCREENSHOTS_DIR, `${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });
};

/** Every button of the card's action row lies inside `outer` (the card or the viewport). */
async function expectRowInside(card: Locator, outer: { x: number; width: number }): Promise<void> {
  const buttons = card.locator('.pcard__actions > button, .pcard__actions button');
  const n = await buttons.count();
  expect(n).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < n; i += 1) {
    const box = (await buttons.nth(i).boundingBox())!;
    const label = (await buttons.nth(i).getAttribute('aria-label')) ?? (await buttons.nth(i).textContent());
    expect({ label, left: box.x >= outer.x - 0.5 }).toEqual({ label, left: true });
    expect({ label, right: box.x + box.width <= outer.x + outer.width + 0.5 }).toEqual({
      label,
      right: true,
    });
  }
}

describe('contact card and own bubbles', () => {
  it('on a phone every action of a friend’s card is on screen (390×844)', async () => {
    const { A } = await pair(h, ['安娜', '博文']);
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto('/contacts');
    await page.getByTestId('contacts-friend').first().click();
    const card = page.getByTestId('profile-card');
    await card.getByTestId('profile-message').waitFor();
    await card.getByTestId('profile-voice').waitFor();
    await expectRowInside(card, { x: 0, width: PHONE.width });
    await expectAccessible(page, 'contact card on a phone');
    await shot(page, 'friends-mobile-detail');
  });

  it('on the desktop the popup card holds its whole action row', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: A.token,
      body: { groupName: '周末徒步', wtIds: [B.wtId] },
    });
    const id = `GROUP${group.groupNumber}`;
    await api(h.server, '/message/send', {
      token: B.token,
      body: {
        conversationID: id,
        clientMsgId: `polish-g-${B.wtId}`,
        type: 'text',
        payload: { text: '你好' },
      },
    });
    const { page } = await h.open({ login: A.login, viewport: DESKTOP });
    await page.goto(`/messages?conversationID=${id}`);
    await page.getByTestId('message-list').getByTestId('profile-avatar').first().click();
    const card = page.getByTestId('profile-card');
    await card.getByTestId('profile-voice').waitFor();
    await expectRowInside(card, (await card.boundingBox())!);
    await expectAccessible(page, 'profile popup');
    await shot(page, 'friends-profile-popup');
  });

  it('own cards on the green bubble pass axe (file size, 下载, location, name card, merged record)', async () => {
    const { A, B } = await pair(h, ['安娜', '博文']);
    const { seeds } = await cardMessages(h.server, A, B);
    for (const [type, , payload] of seeds) await sendRich(h.server, A, B, type, payload);
    const texts = [await sendApi(h, A, B, '第一条'), await sendApi(h, B, A, '第二条')];
    await api(h.server, '/message/forward', {
      token: A.token,
      body: {
        forwardId: `polish-merged-${A.wtId}`,
        messageIDs: texts.map((m) => m.ID),
        conversationIDs: [`C2C${B.wtId}`],
        mode: 'merged',
        title: '聊天记录',
      },
    });
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await h.open({ login: A.login, viewport });
      await page.goto(`/messages?conversationID=C2C${B.wtId}`);
      await page.locator(`[data-testid="chat"][data-id="C2C${B.wtId}"]`).waitFor();
      await toLatest(page);
      for (const kind of ['file', 'location', 'nameCard', 'merger', 'note']) {
        const bubble = await revealBubble(page, kind);
        await bubble.waitFor();
        await expectAccessible(page, `own ${kind} bubble`);
      }
      if (viewport === DESKTOP) await shot(page, 'messages-own-cards');
    }
  });
});
