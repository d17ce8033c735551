import type { Browser, BrowserContext, Page } from 'playwright-core';

export { CHROMIUM_ARGS, launchBrowser } from './chromium';
import type { LoginResult } from '@parley/protocol';
import type { TestServer } from './server';

export interface UserPageOptions {
  /** Signs the page in by storing this session the way the app does (no UI login). */
  login?: LoginResult;
  viewport?: { width: number; height: number };
  /** Initial language stored for the app ('zh-CN' when not set). */
  language?: string;
  /** The browser's own language (Accept-Language, navigator.languages); 'zh-CN' when not set. */
  locale?: string;
  /** A touch screen (touch events, `ontouchstart`), as on a phone. */
  hasTouch?: boolean;
}

/** One browser context per user, optionally already signed in. */
export async function openUser(
  browser: Browser,
  server: TestServer,
  opts: UserPageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    locale: opts.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    hasTouch: opts.hasTouch ?? false,
  });
  const seed: Record<string, string> = {};
  if (opts.login) {
    const { token, imToken: _im, expiresAt: _e, ...user } = opts.login;
    seed['parley.session'] = JSON.stringify({ token, user });
  }
  if (opts.language) seed['parley.lang'] = opts.language;
  if (Object.keys(seed).length) {
    // Only on the first document of the context: later reloads keep whatever the app stored.
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, seed);
  }
  const page = await context.newPage();
  return { context, page };
}
