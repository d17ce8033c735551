/**
 * The people picker (apps/web/src/features/people-picker/) with N real friends, in real Chromium
 * against the built app served by a real Parley server (the browser suite's harness). Seeds N users
 * through the API (register, apply, accept), signs the owner in, opens /contacts → 标签 → 添加成员 and
 * measures, with performance.now() in the page up to the second animation frame after each change
 * (so layout and paint are included): time to open, scroll frame times (with and without the
 * overlay's backdrop blur, and the contacts column as a baseline), search after the 500 ms debounce,
 * and select-all. Prints a table; never fails on a number.
 *   npm run build -w @parley/web && npx tsx bench/picker.ts [N=1000]
 * Results: docs/performance.md, "People picker".
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/harness/chromium';
import { openUser } from '../e2e/harness/browser';
import { seedManyFriends } from '../e2e/harness/many-friends';
import { ARTIFACTS_DIR, WEB_DIST } from '../e2e/harness/paths';
import { startServer } from '../e2e/harness/server';
import { median, printTable } from './lib/proc.js';

const N = Number(process.argv[2] ?? 1000);
const round = (x: number) => Math.round(x * 10) / 10;

/** In-page helpers: wait for a condition frame by frame, and wait two frames (painted). */
async function installHelpers(page: Page): Promise<void> {
  // tsx (esbuild keepNames) wraps named functions in `__name(...)`, also in code sent to the page.
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__until = (cond: () => boolean, timeout = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const start = performance.now();
        const tick = () => {
          if (cond()) resolve();
          else if (performance.now() - start > timeout) reject(new Error('timeout'));
          else requestAnimationFrame(tick);
        };
        tick();
      });
    w.__frame = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  });
}

type Helpers = { __until(c: () => boolean): Promise<void>; __frame(): Promise<void> };

/** Scrolls `list` by 90 px per frame for 240 frames: frame durations (ms) and the most rows in the DOM. */
async function scrollFrames(page: Page, list: string, row: string) {
  const r = await page.evaluate(
    async ([listSel, rowSel]) => {
      const el = document.querySelector(listSel!) as HTMLElement;
      const deltas: number[] = [];
      let maxRows = 0;
      let last = performance.now();
      for (let i = 0; i < 240; i++) {
        el.scrollTop += 90;
        await new Promise((res) => requestAnimationFrame(res));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
        maxRows = Math.max(maxRows, document.querySelectorAll(rowSel!).length);
      }
      deltas.sort((a, b) => a - b);
      return {
        mean: deltas.reduce((sum, x) => sum + x, 0) / deltas.length,
        p95: deltas[Math.floor(deltas.length * 0.95)]!,
        max: deltas[deltas.length - 1]!,
        maxRows,
      };
    },
    [list, row],
  );
  return { ...r, mean: round(r.mean), p95: round(r.p95), max: round(r.max) };
}

/** Click 添加成员 → first picker rows painted (ms). */
function openOnce(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const w = window as unknown as Helpers;
    const t0 = performance.now();
    (document.querySelector('[data-testid="tag-add-members"]') as HTMLButtonElement).click();
    await w.__until(() => document.querySelectorAll('[data-testid="picker-row"]').length > 0);
    await w.__frame();
    return performance.now() - t0;
  });
}

/** Input → results painted, minus the 500 ms debounce (ms). */
async function searchOnce(page: Page, keyword: string): Promise<number> {
  const ms = await page.evaluate(async (kw) => {
    const w = window as unknown as Helpers;
    const input = document.querySelector('[data-testid="picker-search"]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setter.call(input, kw);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const done = () => {
      const picker = document.querySelector('[data-testid="people-picker"]')!;
      const rows = Array.from(picker.querySelectorAll('[data-testid="picker-row"]'));
      if (kw === '') return !picker.textContent!.includes('搜索结果') && rows.length > 0;
      if (picker.querySelector('[data-testid="empty"]')) return true;
      return (
        picker.textContent!.includes('搜索结果') &&
        rows.length > 0 &&
        rows.every((r) => r.textContent!.toLowerCase().includes(kw.toLowerCase()))
      );
    };
    await w.__until(done);
    await w.__frame();
    return performance.now() - t0;
  }, keyword);
  return round(ms - 500);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log('picker: no build at apps/web/dist; run `npm run build -w @parley/web` first');
    return;
  }
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const [server, browser] = await Promise.all([startServer({ name: 'bench-picker' }), launchBrowser()]);
  const rows: string[][] = [];
  const add = (what: string, value: string | number) => rows.push([what, String(value)]);
  try {
    const t0 = Date.now();
    const { owner, tag } = await seedManyFriends(server, N);
    add(`seed ${N} users + friendships through the API`, `${round((Date.now() - t0) / 1000)} s`);

    const { context, page } = await openUser(browser, server, { login: owner.login });
    const navStart = Date.now();
    await page.goto(`/contacts?tab=tags&id=${tag.id}`);
    await page.getByTestId('contacts-friend').first().waitFor();
    add(`/contacts first friend row (navigation → painted, ${N} friends)`, `${Date.now() - navStart} ms`);
    add('contacts rows in the DOM', await page.getByTestId('contacts-friend').count());
    await page.getByTestId('tag-add-members').waitFor();
    await installHelpers(page);

    const column = await scrollFrames(
      page,
      '[data-testid="contacts-list"]',
      '[data-testid="contacts-friend"]',
    );
    add('baseline: contacts column scroll, frame mean / p95', `${column.mean} / ${column.p95} ms`);
    await page.evaluate(
      () => ((document.querySelector('[data-testid="contacts-list"]') as HTMLElement).scrollTop = 0),
    );

    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      opens.push(await openOnce(page));
      if (i < 4) {
        await page.getByTestId('picker-cancel').click();
        await page.getByTestId('people-picker').waitFor({ state: 'detached' });
      }
    }
    add('open the picker, first time (click → rows painted)', `${round(opens[0]!)} ms`);
    add('open the picker, median of the next 4', `${round(median(opens.slice(1)))} ms`);
    const atRest = await page.getByTestId('picker-row').count();

    const scroll = await scrollFrames(page, '[data-testid="picker-list"]', '[data-testid="picker-row"]');
    add('picker rows in the DOM at rest / at most while scrolling', `${atRest} / ${scroll.maxRows}`);
    add(
      'scroll, 240 frames × 90 px: frame mean / p95 / max',
      `${scroll.mean} / ${scroll.p95} / ${scroll.max} ms`,
    );
    // Diagnosis in the same run: the same fling with the overlay's backdrop blur switched off.
    await page.evaluate(() => {
      (document.querySelector('[data-testid="picker-list"]') as HTMLElement).scrollTop = 0;
      const style = document.createElement('style');
      style.id = 'no-blur';
      style.textContent =
        '.overlay { backdrop-filter: none !important; -webkit-backdrop-filter: none !important; }';
      document.head.appendChild(style);
    });
    const noBlur = await scrollFrames(page, '[data-testid="picker-list"]', '[data-testid="picker-row"]');
    add('same scroll without the backdrop blur: mean / p95', `${noBlur.mean} / ${noBlur.p95} ms`);
    await page.evaluate(() => document.getElementById('no-blur')?.remove());

    const searches: string[] = [];
    for (const kw of ['王', 'heidi', '李芳', 'zzzz', ''])
      searches.push(`${kw || '(clear)'} ${await searchOnce(page, kw)}`);
    add('search after the 500 ms debounce (ms)', searches.join(', '));

    const selectAll = await page.evaluate(async (n) => {
      const w = window as unknown as Helpers;
      const t0 = performance.now();
      (document.querySelector('[data-testid="picker-select-all"]') as HTMLButtonElement).click();
      await w.__until(() =>
        document.querySelector('[data-testid="picker-count"]')!.textContent!.includes(String(n)),
      );
      await w.__frame();
      return performance.now() - t0;
    }, N);
    add(`select all ${N} (click → count and selected pane painted)`, `${round(selectAll)} ms`);
    await context.close();

    console.log(`\nPeople picker with ${N} friends (Chromium, headless, --disable-gpu, 1280×800)\n`);
    printTable(['measurement', 'result'], rows);
  } finally {
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
