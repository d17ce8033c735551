import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './paths';

/** Launch arguments for Debian's Chromium, shared by the browser suite and bench/ (docs/web.md "Tests"). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with CHROMIUM_ARGS and `extraArgs` (e.g. fake media devices). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}
