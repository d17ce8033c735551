import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from '@parley/protocol';
import { JANUS_BIN, startJanus, type JanusServer } from '../../apps/server/test/calls/janus-server';
import { expectAccessible } from '../harness/a11y';
import { api, registerUser, type TestUser } from '../harness/api';
import { useHarness, type HarnessOptions } from '../harness/setup';
import { befriend } from './messages-helpers';
import { CALL_MEDIA_ARGS, DESKTOP, PHONE, waitState } from './calls-helpers';
import { fakeScreen, gcallShot, receives, shows, tile } from './group-calls-helpers';

/**
 * Group calls in the web client, end to end, on each SFU back end (werift embedded; Janus started
 * here when installed): a video call placed from the group chat through the picker, rung and
 * answered, everyone decoding everyone; a fourth member joins from the banner; a screen share; one
 * leaves and the call goes on; the last one out ends it and the card is in the chat.
 */
const backends = fs.existsSync(JANUS_BIN) ? ['werift', 'janus'] : ['werift'];

describe.each(backends)('group calls on %s', (backend) => {
  const opts: HarnessOptions = { name: `group-calls-${backend}`, browserArgs: CALL_MEDIA_ARGS, env: {} };
  let janus: JanusServer | null = null;
  beforeAll(async () => {
    if (backend !== 'janus') return;
    janus = await startJanus();
    opts.env!.SFU = 'janus';
    opts.env!.JANUS_URL = janus.url;
  });
  const h = useHarness(opts);
  afterAll(async () => {
    if (process.env.GCALL_DEBUG) console.log(h.server.log().slice(-6000));
    await janus?.stop();
  });

  const open = async (user: TestUser, groupNumber: string, viewport = DESKTOP) => {
    const { context, page } = await h.open({ login: user.login, viewport });
    await fakeScreen(context);
    if (process.env.GCALL_DEBUG) {
      page.on('console', (m) => console.log(user.nickName, m.type(), m.text()));
      page.on('pageerror', (e) => console.log(user.nickName, 'pageerror', e.message));
    }
    await page.goto(`/messages?conversationID=GROUP${groupNumber}`);
    await page.getByTestId('chat-title').waitFor();
    return page;
  };

  it('placed from the picker, answered, decoded by all; joined from the banner; screen share; leaving; the card', async () => {
    const [A, B, C, D] = await Promise.all(
      ['安娜', '博文', '晨曦', '德华'].map((nickName) => registerUser(h.server, { nickName })),
    );
    for (const x of [B!, C!, D!]) await befriend(h, A!, x);
    const group = await api<GroupInfo>(h.server, '/user/groupchat/add', {
      token: A!.token,
      body: { groupName: '周末徒步', wtIds: [B!.wtId, C!.wtId, D!.wtId] },
    });
    const n = group.groupNumber;
    const [pa, pb, pc] = [await open(A!, n), await open(B!, n), await open(C!, n)];

    // A picks B and C in the video picker.
    await pa.getByTestId('group-call-video').click();
    const picker = pa.getByTestId('people-picker');
    await picker.waitFor();
    await picker.locator(`[data-testid="picker-row"][data-id="${B!.wtId}"]`).click();
    await picker.locator(`[data-testid="picker-row"][data-id="${C!.wtId}"]`).click();
    expect(await picker.getByTestId('picker-done').isEnabled()).toBe(true);
    if (backend === 'werift') await gcallShot(pa, 'picker');
    await picker.getByTestId('picker-done').click();
    await waitState(pa, 'dialing-group');

    // B and C ring: who calls, in which group.
    for (const p of [pb, pc]) {
      await waitState(p, 'be-invited');
      expect(await p.getByTestId('call-peer-name').textContent()).toBe('安娜');
      await p.getByTestId('call-group-name').filter({ hasText: '周末徒步' }).waitFor();
      expect(await p.getByTestId('call-waiting').textContent()).toContain('邀请你加入群视频通话');
    }
    if (backend === 'werift') {
      await gcallShot(pb, 'incoming');
      await expectAccessible(pb, 'group-call-incoming');
    }
    await pb.getByTestId('call-accept').click();
    await pc.getByTestId('call-accept').click();
    for (const p of [pa, pb, pc]) await waitState(p, 'calling-group-video');

    // Each decodes the other two (video frames and audio packets from getStats).
    const people: [typeof pa, TestUser][] = [
      [pa, A!],
      [pb, B!],
      [pc, C!],
    ];
    for (const [page, me] of people) {
      await tile(page, me.wtId).waitFor();
      for (const [, other] of people) if (other !== me) await receives(page, other.wtId);
    }
    // The local tile first.
    expect(await pa.locator('[data-testid^="gcall-tile-"]').first().getAttribute('data-testid')).toBe(
      `gcall-tile-${A!.wtId}`,
    );
    if (backend === 'werift') {
      await gcallShot(pa, 'grid');
      await expectAccessible(pa, 'group-call-grid');
    }

    // Focus a tile (Enter) and back (click).
    await tile(pa, B!.wtId).focus();
    await pa.keyboard.press('Enter');
    expect(await tile(pa, B!.wtId).getAttribute('aria-pressed')).toBe('true');
    if (backend === 'werift') await gcallShot(pa, 'focused');
    await tile(pa, B!.wtId).click();
    expect(await tile(pa, B!.wtId).getAttribute('aria-pressed')).toBe('false');

    // D sees the banner in the chat and joins from it.
    const pd = await open(D!, n);
    const banner = pd.getByTestId('group-call-banner');
    await banner.waitFor();
    await pd.getByTestId('group-call-banner-count').filter({ hasText: '3' }).waitFor();
    if (backend === 'werift') await gcallShot(pd, 'banner');
    await pd.getByTestId('group-call-join').click();
    await waitState(pd, 'calling-group-video');
    for (const x of [A!, B!, C!]) await receives(pd, x.wtId);
    await receives(pa, D!.wtId);

    // A shares a screen: the others get it as its own tile and decode it.
    await pa.getByTestId('call-share-screen').click();
    for (const p of [pb, pc, pd]) await shows(p, `${A!.wtId}:screen`);
    await pa.getByTestId('call-share-screen').click();
    for (const p of [pb, pc, pd]) await tile(p, `${A!.wtId}:screen`).waitFor({ state: 'detached' });

    // Phone layout: the controls open and closed.
    await pb.setViewportSize(PHONE);
    await pb.getByTestId('gcall-panel').waitFor();
    if (backend === 'werift') await gcallShot(pb, 'phone-grid');
    await pb.getByTestId('gcall-panel-toggle').click();
    await pb.getByTestId('gcall-panel').waitFor({ state: 'detached' });
    if (backend === 'werift') await gcallShot(pb, 'phone-grid-closed');
    await pb.getByTestId('gcall-panel-toggle').click();
    await pb.setViewportSize(DESKTOP);

    // Minimized: the floating window shows a tile and is restored.
    await pa.getByTestId('call-minimize').click();
    await pa.getByTestId('call-float-tile').waitFor();
    if (backend === 'werift') await gcallShot(pa, 'float');
    await pa.getByTestId('call-restore').click();
    await waitState(pa, 'calling-group-video');

    // C leaves: the call goes on for the others, who see C's tile go and the tip.
    await pc.getByTestId('call-hangup').click();
    await pc.getByTestId('call-window').waitFor({ state: 'detached' });
    for (const p of [pa, pb, pd]) await tile(p, C!.wtId).waitFor({ state: 'detached' });
    await waitState(pa, 'calling-group-video');
    await receives(pb, A!.wtId);

    // The others leave; the last one out ends the call: the card with its duration is in the chat.
    for (const p of [pa, pb, pd]) {
      await p.getByTestId('call-hangup').click();
      await p.getByTestId('call-window').waitFor({ state: 'detached' });
    }
    for (const p of [pa, pc]) {
      const card = p.getByTestId('message-list').getByTestId('call-card').last();
      await card.waitFor();
      expect(await card.textContent()).toMatch(/通话时长 \d\d:\d\d/);
    }
    await pd.getByTestId('group-call-banner').waitFor({ state: 'detached' });
  });
});
