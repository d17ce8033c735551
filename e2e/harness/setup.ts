import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths';
import { launchBrowser, openUser, type UserPageOptions } from './browser';
import { startServer, type ServerOptions, type TestServer } from './server';

export interface Harness {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A new context (one per user) tracked for failure screenshots and closed after the file. */
  open(opts?: UserPageOptions): Promise<{ context: BrowserContext; page: Page }>;
}

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 120);

export interface HarnessOptions extends ServerOptions {
  /** Chromium switches on top of the harness's own (e.g. fake camera and microphone). */
  browserArgs?: string[];
  /**
   * Runs before the server starts; its answer joins the server's environment (what is known only
   * then, e.g. the URL of a proxy the spec starts in front of PostgreSQL).
   */
  serverEnv?: () => Promise<Record<string, string>>;
}

/**
 * Per spec file: a real server on a temp data dir and a free port, one Chromium, and a screenshot
 * of every open page into e2e/artifacts/ when a test fails.
 */
export function useHarness(opts: HarnessOptions = {}): Harness {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const env = { ...opts.env, ...(await opts.serverEnv?.()) };
    [server, browser] = await Promise.all([startServer({ ...opts, env }), launchBrowser(opts.browserArgs)]);
  });

  beforeEach((ctx) => {
    ctx.onTestFailed(async () => {
      const name = safe(`${ctx.task.file?.name ?? 'spec'}-${ctx.task.name}`);
      let i = 0;
      for (const c of contexts) {
        for (const p of c.pages()) {
          i += 1;
          await p
            .screenshot({ path: join(ARTIFACTS_DIR, `${name}-${i}.png`), fullPage: false })
            .catch(() => {});
        }
      }
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
    await server?.dispose();
  });

  return {
    get server() {
      if (!server) throw new Error('harness not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('harness not started');
      return browser;
    },
    async open(o) {
      const res = await openUser(this.browser, this.server, o);
      contexts.push(res.context);
      return res;
    },
  };
}
