/**
 * The messages screen (apps/web/src/features/messages/) with many conversations and one very long
 * conversation, in real Chromium against the built app served by a real Parley server (the browser
 * suite's harness). Seeds through the API one user with N conversations (one message each with N
 * other users) and one conversation of M messages, signs that user in and measures on /messages, with
 * performance.now() in the page up to the second animation frame (so layout and paint are included):
 * first paint of the list (from the network, then from the device cache), rows in the DOM, scroll
 * frame times; then the long chat: first paint (click → newest bubble painted), rows in the DOM,
 * scrolling up through older pages ('load more' clicked whenever it shows) with the frame times and
 * how many messages became reachable (then as fast as the pages answer), and a reload's first paint
 * from the IndexedDB cache vs the network; also a new peer's message arriving at the top of the
 * list. Prints a table; never fails on a number.
 *   npm run build -w @parley/web && npx tsx bench/messages-web.ts [N=5000] [M=10000] [seconds=15]
 * Results: docs/performance.md, "Messages screen".
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { api, registerUser } from '../e2e/harness/api';
import { launchBrowser } from '../e2e/harness/chromium';
import { openUser } from '../e2e/harness/browser';
import { seedManyConversations } from '../e2e/harness/many-conversations';
import { ARTIFACTS_DIR, WEB_DIST } from '../e2e/harness/paths';
import { startServer } from '../e2e/harness/server';
import { median, printTable } from './lib/proc.js';

const N = Number(process.argv[2] ?? 5000);
const M = Number(process.argv[3] ?? 10_000);
const SECONDS = Number(process.argv[4] ?? 15);
const ROW = '[data-testid="conversation-row"]';
const LIST = '[data-testid="conversation-list"]';
const MSG_LIST = '[data-testid="message-list"]';
const CELL = `${MSG_LIST} .msg-cell`;
const round = (x: number) => Math.round(x * 10) / 10;

/**
 * In every document of the context: wait for a condition frame by frame, wait two frames (painted).
 * tsx (esbuild keepNames) wraps named functions in `__name(...)`, also in code sent to the page.
 */
const HELPERS = `
window.__name = (f) => f;
window.__until = (cond, timeout = 60000) => new Promise((resolve, reject) => {
  const start = performance.now();
  const tick = () => {
    let ok = false;
    try { ok = cond(); } catch { ok = false; }
    if (ok) resolve();
    else if (performance.now() - start > timeout) reject(new Error('timeout'));
    else requestAnimationFrame(tick);
  };
  tick();
});
window.__frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
`;

type Helpers = { __until(c: () => boolean, timeout?: number): Promise<void>; __frame(): Promise<void> };

interface Frames {
  mean: number;
  p95: number;
  max: number;
  count: number;
}

function stats(deltas: number[]): Frames {
  const s = [...deltas].sort((a, b) => a - b);
  if (!s.length) return { mean: 0, p95: 0, max: 0, count: 0 };
  return {
    mean: round(s.reduce((sum, x) => sum + x, 0) / s.length),
    p95: round(s[Math.floor(s.length * 0.95)]!),
    max: round(s[s.length - 1]!),
    count: s.length,
  };
}
const fmt = (f: Frames) => `${f.mean} / ${f.p95} / ${f.max} ms`;

/** Scrolls `list` by `step` px per frame for 240 frames: frame durations and the most rows in the DOM. */
async function scrollFrames(page: Page, list: string, row: string, step: number) {
  const r = await page.evaluate(
    async ([listSel, rowSel, px]) => {
      const el = document.querySelector(listSel as string) as HTMLElement;
      const deltas: number[] = [];
      let maxRows = 0;
      let last = performance.now();
      for (let i = 0; i < 240; i++) {
        el.scrollTop += px as number;
        await new Promise((res) => requestAnimationFrame(res));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
        maxRows = Math.max(maxRows, document.querySelectorAll(rowSel as string).length);
      }
      return { deltas, maxRows };
    },
    [list, row, step] as const,
  );
  return { frames: stats(r.deltas), maxRows: r.maxRows };
}

/** Time since the navigation started until `selector` holds `text` (or any node) and is painted. */
function paintedSinceNavigation(page: Page, selector: string, text?: string): Promise<number> {
  return page.evaluate(
    async ([sel, txt]) => {
      const w = window as unknown as Helpers;
      await w.__until(() =>
        Array.from(document.querySelectorAll(sel!)).some((n) => !txt || n.textContent!.includes(txt)),
      );
      await w.__frame();
      return performance.now();
    },
    [selector, text] as const,
  );
}

/** Time since the navigation started until the list holds `count` rows (its full height). */
function allListed(page: Page, count: number): Promise<number> {
  return page.evaluate(async (n) => {
    const w = window as unknown as Helpers;
    await w.__until(() => {
      const inner = document.querySelector('[data-testid="conversation-list"] > div') as HTMLElement | null;
      return !!inner && inner.offsetHeight >= n * 64;
    }, 120_000);
    await w.__frame();
    return performance.now();
  }, count);
}

/**
 * Scrolls the chat up by 90 px a frame for `seconds`, clicking 'load more' whenever it shows at the
 * top (as a reader would; with `read` false it stays at the top and clicks as soon as the button is
 * enabled again): frame times while a page is loading and while not, the pages that arrived, the
 * most rows in the DOM. Stops early when everything is loaded and the top is reached.
 */
async function scrollOlder(page: Page, seconds: number, read: boolean) {
  return page.evaluate(
    async ([secs, reading]) => {
      const el = document.querySelector('[data-testid="message-list"]') as HTMLElement;
      const loading: number[] = [];
      const idle: number[] = [];
      let clicks = 0;
      let done = 0;
      let wasLoading = false;
      let maxRows = 0;
      let last = performance.now();
      const end = last + secs * 1000;
      while (performance.now() < end) {
        if (reading) el.scrollTop -= 90;
        else el.scrollTop = 0;
        const more = document.querySelector('[data-testid="load-more"]') as HTMLButtonElement | null;
        const isLoading = !!more?.disabled;
        if (wasLoading && !isLoading) done += 1;
        wasLoading = isLoading;
        if (more && !more.disabled && (!reading || el.scrollTop < 400)) {
          more.click();
          clicks += 1;
          wasLoading = true;
        }
        await new Promise((res) => requestAnimationFrame(res));
        const now = performance.now();
        (wasLoading ? loading : idle).push(now - last);
        last = now;
        maxRows = Math.max(
          maxRows,
          document.querySelectorAll('[data-testid="message-list"] .msg-cell').length,
        );
        if (!more && el.scrollTop === 0) break; // everything loaded and read
      }
      return { loading, idle, clicks, done, maxRows, elapsed: performance.now() - (end - secs * 1000) };
    },
    [seconds, read] as const,
  );
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log('messages-web: no build at apps/web/dist; run `npm run build -w @parley/web` first');
    return;
  }
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const [server, browser] = await Promise.all([
    startServer({
      name: 'bench-messages-web',
      env: { AUTH_IP_PER_MINUTE: '1000000', MESSAGE_SEND_PER_MINUTE: '1000000' },
    }),
    launchBrowser(),
  ]);
  const rows: string[][] = [];
  const add = (what: string, value: string | number) => {
    rows.push([what, String(value)]);
    console.log(`  ${what}: ${value}`);
  };
  const contexts: BrowserContext[] = [];
  try {
    const t0 = Date.now();
    const seed = await seedManyConversations(server, N, M, (what, n) =>
      console.log(`  seeded ${n} ${what} (${round((Date.now() - t0) / 1000)} s)`),
    );
    add(
      `seed ${N} users + conversations and ${M} messages through the API`,
      `${round((Date.now() - t0) / 1000)} s`,
    );
    const lastText = (seed.last.payload as { text: string }).text;

    const { context, page } = await openUser(browser, server, { login: seed.owner.login });
    contexts.push(context);
    await context.addInitScript(HELPERS);

    // The list, first visit (nothing on the device yet): the first page of 100 paints, the rest follows.
    await page.goto('/messages', { waitUntil: 'commit' });
    const shell = await paintedSinceNavigation(page, '[data-testid="screen-messages"]');
    const firstRow = await paintedSinceNavigation(page, ROW);
    const everything = await allListed(page, N + 1);
    add('app shell: navigation → messages screen painted (baseline)', `${round(shell)} ms`);
    add(
      `list first paint, first visit (navigation → first row painted, ${N + 1} conversations)`,
      `${round(firstRow)} ms`,
    );
    add(`list: all ${N + 1} listed (pages of 100 from the network)`, `${round(everything)} ms`);
    const atRest = await page.locator(ROW).count();
    const listScroll = await scrollFrames(page, LIST, ROW, 90);
    add('list rows in the DOM at rest / at most while scrolling', `${atRest} / ${listScroll.maxRows}`);
    add('list scroll, 240 frames × 90 px: frame mean / p95 / max', fmt(listScroll.frames));

    // Reload: the device's copy (IndexedDB) paints first, the network replaces it.
    await page.waitForTimeout(1000); // the list's device copy is saved shortly after it changes
    await page.reload({ waitUntil: 'commit' });
    add(
      'list first paint after a reload (IndexedDB copy, network behind)',
      `${round(await paintedSinceNavigation(page, ROW))} ms`,
    );
    await allListed(page, N + 1);

    // A message from someone new: API send → its conversation painted at the top of the list
    // (server, socket push, list re-sort of every conversation, render). Page and bench share a clock.
    await page.evaluate((sel) => ((document.querySelector(sel) as HTMLElement).scrollTop = 0), LIST);
    const arrivals: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Own identities: the harness's three-digit counter is past 999 after the seed.
      const tag = `${String(Date.now() % 1e8).padStart(8, '0')}${i}`;
      const stranger = await registerUser(server, {
        nickName: `新朋友${i}`,
        phone: `18${tag}`,
        wtId: `nb${tag}`,
      });
      const seen = page.evaluate(async (id) => {
        const w = window as unknown as Helpers;
        await w.__until(
          () => document.querySelector('[data-testid="conversation-row"]')?.getAttribute('data-id') === id,
        );
        await w.__frame();
        return Date.now();
      }, `C2C${stranger.wtId}`);
      const sentAt = Date.now();
      await api(server, '/message/send', {
        token: stranger.token,
        body: {
          conversationID: `C2C${seed.owner.wtId}`,
          clientMsgId: `bench-new-${i}-${sentAt}`,
          type: 'text',
          payload: { text: `你好 ${i}` },
        },
      });
      arrivals.push((await seen) - sentAt);
    }
    add(
      'new message from a new peer: API send → row painted at the top, median of 5 (max)',
      `${median(arrivals)} ms (${Math.max(...arrivals)} ms)`,
    );

    // The long chat: click → newest bubble painted.
    await page.locator(`${ROW}[data-id="${seed.longID}"]`).waitFor();
    const openMs = await page.evaluate(
      async ([id, text]) => {
        const w = window as unknown as Helpers;
        const t = performance.now();
        (document.querySelector(`[data-testid="conversation-row"][data-id="${id}"]`) as HTMLElement).click();
        await w.__until(() =>
          Array.from(document.querySelectorAll('[data-testid="message-list"] [data-testid="bubble"]')).some(
            (b) => b.textContent!.includes(text!),
          ),
        );
        await w.__frame();
        return performance.now() - t;
      },
      [seed.longID, lastText] as const,
    );
    add(`chat first paint (click → newest bubble painted, ${M} messages)`, `${round(openMs)} ms`);
    await page.waitForTimeout(500);
    add('chat rows in the DOM at rest (of the 50 held)', await page.locator(CELL).count());

    const older = await scrollOlder(page, SECONDS, true);
    let reached = Math.min(M, 50 + 50 * older.done);
    add(
      `scroll up ${round(older.elapsed / 1000)} s at 90 px/frame, 'load more' clicked at the top: pages loaded`,
      `${older.done} (${reached} messages reachable)`,
    );
    add(
      '  frames while a page was loading: mean / p95 / max',
      `${fmt(stats(older.loading))} (${older.loading.length} frames)`,
    );
    add('  frames otherwise: mean / p95 / max', `${fmt(stats(older.idle))} (${older.idle.length} frames)`);
    // Then 'load more' as fast as it answers (no reading): the held list grows to thousands.
    const fast = await scrollOlder(page, 4 * SECONDS, false);
    reached = Math.min(M, reached + 50 * fast.done);
    add(
      `then 'load more' clicked as soon as it answers, at the top, for up to ${4 * SECONDS} s: pages loaded`,
      `${fast.done} in ${round(fast.elapsed / 1000)} s (${reached} messages reachable)`,
    );
    add('  frames meanwhile: mean / p95 / max', `${fmt(stats([...fast.loading, ...fast.idle]))}`);
    add('chat rows in the DOM at most while scrolling', Math.max(older.maxRows, fast.maxRows));
    const chatScroll = await scrollFrames(page, MSG_LIST, CELL, 90);
    add(
      `chat scroll down through the ${reached} held, 240 frames × 90 px: mean / p95 / max`,
      fmt(chatScroll.frames),
    );

    // Reloads with the chat open (?conversationID=): device copy vs network.
    await page.waitForTimeout(1000);
    await page.reload({ waitUntil: 'commit' });
    add(
      'chat reload, first paint (IndexedDB copy, network behind)',
      `${round(await paintedSinceNavigation(page, `${MSG_LIST} [data-testid="bubble"]`, lastText))} ms`,
    );
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/message/history', async (route) => {
      await held;
      await route.continue().catch(() => {}); // handled already when the route was removed
    });
    await page.reload({ waitUntil: 'commit' });
    add(
      'chat reload, first paint with the history request held (IndexedDB only)',
      `${round(await paintedSinceNavigation(page, `${MSG_LIST} [data-testid="bubble"]`, lastText))} ms`,
    );
    release();
    await page.unroute('**/api/message/history');

    // A device with nothing stored: the same URL in a fresh context, the network only.
    const cold = await openUser(browser, server, { login: seed.owner.login });
    contexts.push(cold.context);
    await cold.context.addInitScript(HELPERS);
    await cold.page.goto(`/messages?conversationID=${seed.longID}`, { waitUntil: 'commit' });
    add(
      'chat first paint on a fresh device (network only)',
      `${round(await paintedSinceNavigation(cold.page, `${MSG_LIST} [data-testid="bubble"]`, lastText))} ms`,
    );

    console.log(
      `\nMessages screen, ${N + 1} conversations and one of ${M} messages (Chromium, headless, --disable-gpu, 1280×800)\n`,
    );
    printTable(['measurement', 'result'], rows);
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close();
    await server.dispose();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
