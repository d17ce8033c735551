import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, openUser } from '../harness/browser';
import { CHROMIUM, SCREENSHOTS_DIR } from '../harness/paths';
import type { TestServer } from '../harness/server';
import type { TestUser } from '../harness/api';

/** Chromium with fake camera and microphone, and loopback ICE candidates (two pages on one host). */
export const CALL_ARGS = [
  ...CHROMIUM_ARGS,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CALL_ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A signed-in page of `user` on the chat with `peer`. */
export async function chatPage(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  peer: TestUser,
  viewport = DESKTOP,
) {
  const { context, page } = await openUser(browser, server, { login: user.login, viewport });
  await page.goto(`/messages?conversationID=C2C${peer.wtId}`);
  await page.getByTestId('chat-title').waitFor();
  return { context, page };
}

export const callState = (page: Page) => page.getByTestId('call-window').getAttribute('data-state');

export async function waitState(page: Page, state: string): Promise<void> {
  await page.locator(`[data-testid="call-window"][data-state="${state}"]`).waitFor();
}

/** Decoded remote video frames (from getStats, as the call window exposes them). */
export async function framesDecoded(page: Page): Promise<number> {
  return Number((await page.getByTestId('call-stats').getAttribute('data-frames-decoded')) ?? 0);
}

export async function waitFrames(page: Page, above: number, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await framesDecoded(page);
    if (n > above) return n;
    if (Date.now() > deadline) throw new Error(`framesDecoded stayed at ${n} (wanted > ${above})`);
    await page.waitForFunction(
      (prev) =>
        Number(
          document.querySelector('[data-testid="call-stats"]')?.getAttribute('data-frames-decoded') ?? 0,
        ) !== prev,
      n,
      { timeout: timeoutMs },
    );
  }
}

export async function callShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `calls-${name}.png`) });
}
