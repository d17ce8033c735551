import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../harness/a11y';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { api, registerUser } from '../harness/api';
import { befriend, DESKTOP, pair, PHONE, row, sendApi } from './messages-helpers';

const h = useHarness({ name: 'settings' });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `settings-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

/**
 * The browser's side, recorded: notifications granted and shown into `__notes`, the tab reported
 * hidden while `__hidden` is set, and every oscillator the page starts counted in `__tones`.
 */
function recordAlerts() {
  const w = window as unknown as Record<string, unknown>;
  w.__notes = [];
  w.__tones = 0;
  w.__hidden = false;
  class RecordedNotification {
    static permission = 'granted';
    static requestPermission = () => Promise.resolve('granted');
    onclick: (() => void) | null = null;
    constructor(title: string, opts: { body?: string } = {}) {
      (w.__notes as Array<{ title: string; body: string }>).push({ title, body: opts.body ?? '' });
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => w.__hidden === true, configurable: true });
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__tones = (w.__tones as number) + 1;
    return create.call(this);
  };
}

const notes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notes: Array<{ body: string }> }).__notes.map((n) => n.body));
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

/** Flips a switch and waits for the server to have saved it. */
async function toggle(page: Page, key: string, on: boolean): Promise<void> {
  const box = page.getByTestId(`settings-${key}`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/userConfig/update') && r.ok());
  if (on) await box.check();
  else await box.uncheck();
  await saved;
  await page.getByTestId('toast').filter({ hasText: '设置已保存' }).first().waitFor();
}

describe('settings: notifications, previews, sound, language; the unread count in the title', () => {
  it('the client obeys the notification switches, and the tab title counts unread', async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    const { A, B } = await pair(h);
    const { context, page } = await h.open({ login: A.login, viewport: DESKTOP });
    await context.addInitScript(recordAlerts);
    const hidden = (v: boolean) =>
      page.evaluate((x) => ((window as unknown as { __hidden: boolean }).__hidden = x), v);
    // In-app navigation only: a reload would start the recording over.
    const toSettings = async () => {
      await hidden(false);
      await page.getByTestId('menu-button').click();
      await page.getByTestId('menu-settings').click();
      await page.getByTestId('screen-settings').waitFor();
    };
    const toMessages = async () => {
      await page.getByTestId('nav-messages').click();
      await page.getByTestId('screen-messages').waitFor();
      await hidden(true);
    };
    await page.goto('/messages');
    await row(page, B).waitFor();
    await toSettings();
    expect(await page.getByTestId('settings-notify').isChecked()).toBe(true);
    expect(await page.getByTestId('settings-preview').isChecked()).toBe(false);
    expect(await page.getByTestId('settings-sound').isChecked()).toBe(true);
    expect(await page.getByTestId('settings-permission-state').textContent()).toBe('已允许');
    await toggle(page, 'preview', true);
    await expectAccessible(page, 'settings');
    await shot(page, 'desktop');

    // Hidden tab, previews on: the notification carries the text, with the sound.
    await toMessages();
    await sendApi(h, B, A, '晚上一起吃饭');
    await expect.poll(() => notes(page)).toEqual(['晚上一起吃饭']);
    const first = await tones(page);
    expect(first).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe('(1) Parley');

    // Notifications off: nothing shows and nothing sounds (checked once the title counted it).
    await toSettings();
    await toggle(page, 'notify', false);
    await page.getByTestId('settings-preview').waitFor({ state: 'detached' });
    await toMessages();
    await sendApi(h, B, A, '第二条');
    await expect.poll(() => page.title()).toBe('(2) Parley');
    expect(await notes(page)).toEqual(['晚上一起吃饭']);
    expect(await tones(page)).toBe(first);

    // On again, previews off and sound off: '你有新消息', silently.
    await toSettings();
    await toggle(page, 'notify', true);
    await toggle(page, 'preview', false);
    await toggle(page, 'sound', false);
    await toMessages();
    await sendApi(h, B, A, '第三条');
    await expect.poll(() => notes(page)).toEqual(['晚上一起吃饭', '你有新消息']);
    expect(await tones(page)).toBe(first);
    await expect.poll(() => page.title()).toBe('(3) Parley');

    // Reading the chat clears the count in the title.
    await hidden(false);
    await row(page, B).click();
    await expect.poll(() => page.title()).toBe('Parley');
  });

  it('a new message sounds and notifies on every screen, not only on /messages; a muted chat stays quiet', async () => {
    const { A, B } = await pair(h);
    const C = await registerUser(h.server, { nickName: '长风' });
    await befriend(h, A, C);
    const { context, page } = await h.open({ login: A.login, viewport: DESKTOP });
    await context.addInitScript(recordAlerts);
    // Contacts, never having opened /messages: nothing of the chat screen is loaded.
    await page.goto('/contacts');
    await page.getByTestId('contacts-page').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="network-banner"]') === null);
    await page.evaluate(() => ((window as unknown as { __hidden: boolean }).__hidden = true));
    await sendApi(h, B, A, '在通讯录也要响');
    // Previews are off by default: the messages screen's own text, loaded for the notification.
    await expect.poll(() => notes(page)).toEqual(['你有新消息']);
    const first = await tones(page);
    expect(first).toBeGreaterThan(0);

    // Muted: no sound, no notification (checked once the next, unmuted chat's message alerted).
    await api(h.server, '/conversation/mute', {
      token: A.token,
      body: { conversationID: `C2C${B.wtId}`, isMuted: true },
    });
    await sendApi(h, B, A, '免打扰的消息');
    await sendApi(h, C, A, '另一个人的消息');
    await expect.poll(() => notes(page)).toEqual(['你有新消息', '你有新消息']);
    expect(await tones(page)).toBe(first * 2);
    expect(await page.getByTestId('contacts-page').isVisible()).toBe(true);
  });

  it('language from the settings screen; the phone layout', async () => {
    const { A } = await pair(h);
    const { page } = await h.open({ login: A.login, viewport: PHONE });
    await page.goto('/settings');
    await page.getByTestId('screen-settings').waitFor();
    await expectAccessible(page, 'settings: phone');
    await shot(page, 'phone');
    await page.getByTestId('settings-language').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByTestId('settings-notify').getAttribute('role')).toBe('switch');
    await page.getByTestId('settings-language').selectOption('zh-CN');
    await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
  });
});
