import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '../harness/api';
import { seedManyFriends, type ManyFriends } from '../harness/many-friends';
import { useHarness } from '../harness/setup';

/**
 * The people picker with many real friends (seeded through the API): it lists them all, stays
 * virtualized while scrolling, searches and selects all. Behaviour only; how fast it does so with
 * 1,000 friends is measured by bench/picker.ts (docs/performance.md, "People picker").
 */
const h = useHarness({ name: 'picker-many' });
const N = 300;
/** Far fewer rows than friends: the lists render what is on screen plus overscan. */
const MAX_ROWS_IN_DOM = 60;

let seeded: ManyFriends;
beforeAll(async () => {
  seeded = await seedManyFriends(h.server, N);
}, 300_000);

/** The owner's contacts on the tag pane, with the picker opened from 添加成员. */
async function openPicker(): Promise<Page> {
  const { page } = await h.open({ login: seeded.owner.login });
  await page.goto(`/contacts?tab=tags&id=${seeded.tag.id}`);
  await page.getByTestId('contacts-friend').first().waitFor();
  await page.getByTestId('tag-add-members').click();
  await page.getByTestId('picker-row').first().waitFor();
  return page;
}

/** Scrolls `list` down frame by frame to its end; the most rows seen in the DOM on the way, and the final offset. */
function scrollToEnd(page: Page, list: string, row: string) {
  return page.evaluate(
    async ([listSel, rowSel]) => {
      const el = document.querySelector(listSel!) as HTMLElement;
      let maxRows = 0;
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
        el.scrollTop += 400;
        await new Promise((r) => requestAnimationFrame(r));
        maxRows = Math.max(maxRows, document.querySelectorAll(rowSel!).length);
      }
      return { maxRows, scrollTop: el.scrollTop };
    },
    [list, row],
  );
}

describe(`people picker with ${N} friends`, () => {
  it('the server holds them all', async () => {
    const list = await api<{ total: number }>(h.server, '/userFriends/list', {
      token: seeded.owner.token,
      body: { pageNum: 1, pageSize: 1 },
    });
    expect(list.total).toBe(N);
  });

  it('contacts and the picker render only the visible rows, also while scrolling to the end', async () => {
    const page = await openPicker();
    expect(await page.getByTestId('contacts-friend').count()).toBeLessThan(MAX_ROWS_IN_DOM);
    expect(await page.getByTestId('picker-row').count()).toBeLessThan(MAX_ROWS_IN_DOM);
    const scroll = await scrollToEnd(page, '[data-testid="picker-list"]', '[data-testid="picker-row"]');
    expect(scroll.maxRows).toBeLessThan(MAX_ROWS_IN_DOM);
    expect(scroll.scrollTop).toBeGreaterThan(N * 40); // rows are 56 px: the list really is that long
    // At the end: the '#' bucket (nicknames starting with a digit, like '28号') comes last.
    expect(await page.getByTestId('picker-row').last().textContent()).toMatch(/\d+号/);
  });

  it('search narrows to the matching friends and says when nothing matches', async () => {
    const page = await openPicker();
    await page.getByTestId('picker-search').fill('王');
    const picker = page.getByTestId('people-picker');
    await picker.getByText('搜索结果').waitFor();
    const rows = page.getByTestId('picker-row');
    await rows.first().filter({ hasText: '王' }).waitFor();
    const texts = await rows.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('王');
    await page.getByTestId('picker-search').fill('zzzz');
    await picker.getByTestId('empty').waitFor();
    expect(await rows.count()).toBe(0);
  });

  it(`select all picks all ${N}`, async () => {
    const page = await openPicker();
    await page.getByTestId('picker-select-all').click();
    await page
      .getByTestId('picker-count')
      .filter({ hasText: String(N) })
      .waitFor();
    expect(await page.getByTestId('picker-count').textContent()).toBe(`已选择${N}个好友`);
  });
});
