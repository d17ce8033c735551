import { describe, expect, it } from 'vitest';
import type { Counters } from '@parley/protocol';
import { join } from 'node:path';
import { api, registerUser, type TestUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'badges' });

async function applyFrom(applicants: TestUser[], target: TestUser): Promise<void> {
  for (const a of applicants) {
    await api(h.server, '/userFriends/apply', {
      token: a.token,
      body: { applyWtId: target.wtId, applySource: 1, applyInfo: 'hi' },
    });
  }
}

describe('sidebar badges', () => {
  it('the contacts badge counts friend applications from the server, live, and caps at 99 (99+)', async () => {
    const target = await registerUser(h.server);
    const applicants: TestUser[] = [];
    for (let i = 0; i < 100; i++) applicants.push(await registerUser(h.server));

    const { page } = await h.open({ login: target.login });
    await page.goto('/messages');
    await page.getByTestId('screen-messages').waitFor();
    const contactsBadge = page.getByTestId('nav-contacts').getByTestId('badge');
    expect(await contactsBadge.count()).toBe(0);

    // Pushed over the socket (counters.updated) while the page is open.
    await applyFrom(applicants.slice(0, 3), target);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]')?.textContent === '3',
      undefined,
      { timeout: 10_000 },
    );

    await applyFrom(applicants.slice(3, 99), target);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]')?.textContent === '99',
      undefined,
      { timeout: 15_000 },
    );
    await applyFrom(applicants.slice(99), target);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]')?.textContent === '99+',
      undefined,
      { timeout: 10_000 },
    );
    const counters = await api<Counters>(h.server, '/user/counters', { token: target.token });
    expect(counters.friendApplyUnread).toBe(100);

    // A fresh load reads the same number from GET /api/user/counters.
    await page.reload();
    await page.getByTestId('screen-messages').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]')?.textContent === '99+',
    );
    // Nothing else has a count.
    expect(await page.getByTestId('nav-messages').getByTestId('badge').count()).toBe(0);
    expect(await page.getByTestId('nav-moments').getByTestId('badge').count()).toBe(0);

    // 新的朋友 reads the 100 applications 20 at a time, newest first; opening it clears the badge.
    await page.goto('/contacts');
    await page.getByTestId('contacts-entry-new').click();
    const rows = page.getByTestId('apply-row');
    await page.getByTestId('apply-list').waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rows.first().getAttribute('data-wtid')).toBe(applicants[99]!.wtId);
    for (const shown of [40, 60, 80, 100]) {
      await page.getByTestId('apply-more').click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="apply-row"]').length === n,
        shown,
      );
    }
    expect(await page.getByTestId('apply-more').count()).toBe(0);
    expect(await rows.last().getAttribute('data-wtid')).toBe(applicants[0]!.wtId);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="nav-contacts"] [data-testid="badge"]'),
    );
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'friends-new-friends-paged.png') });
  }, 180_000);
});
