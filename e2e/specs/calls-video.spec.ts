import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../harness/api';
import { openUser } from '../harness/browser';
import { expireInvitation, recordConnectedCall } from '../harness/db';
import { useHarness } from '../harness/setup';
import { befriend, pair, row } from './messages-helpers';
import {
  audioWindow,
  CALL_MEDIA_ARGS,
  callShot,
  chatPage,
  DESKTOP,
  mediaOf,
  sharpness,
  videoStoppedWhileAudioFlows,
  waitFrames,
  waitState,
} from './calls-helpers';

// Invitations ring for their default 30 s and the daily limit is 30 minutes: the timeout and limit
// tests move the stored times (harness/db.ts) instead of waiting.
const DAILY_LIMIT_SECONDS = 1800;
const h = useHarness({
  name: 'calls-video',
  browserArgs: CALL_MEDIA_ARGS,
  env: { CALL_DAILY_LIMIT_SECONDS: String(DAILY_LIMIT_SECONDS) },
});

describe('calls: one-to-one video in two Chromium contexts', () => {
  it('placed, accepted, video both ways, timer, mute (also across a microphone switch), minimize/restore, AI voice, blur, devices, switch to audio, hang up; cards on both sides', async () => {
    const { A, B } = await pair(h);
    const [a, b] = await Promise.all([
      chatPage(h.browser, h.server, A, B),
      chatPage(h.browser, h.server, B, A),
    ]);

    await a.page.getByTestId('call-video').click();
    await waitState(a.page, 'dialing-c2c');
    await waitState(b.page, 'be-invited');
    expect(await b.page.getByTestId('call-peer-name').textContent()).toBe('安娜');
    expect(await b.page.getByTestId('call-waiting').textContent()).toContain('邀请你视频通话');
    await callShot(a.page, 'dialing');
    await callShot(b.page, 'incoming');

    await b.page.getByTestId('call-accept').click();
    await waitState(a.page, 'calling-c2c-video');
    await waitState(b.page, 'calling-c2c-video');
    // Remote video decodes on both sides, and keeps decoding.
    const firstA = await waitFrames(a.page, 0);
    const firstB = await waitFrames(b.page, 0);
    await waitFrames(a.page, firstA + 10);
    await waitFrames(b.page, firstB + 10);
    await a.page.getByTestId('call-remote-video').waitFor();
    // The timer runs (hh:mm:ss).
    const t0 = await a.page.getByTestId('call-timer').textContent();
    expect(t0).toMatch(/^00:00:\d\d$/);
    await a.page.waitForFunction(
      (prev) => document.querySelector('[data-testid="call-timer"]')?.textContent !== prev,
      t0,
    );
    await callShot(a.page, 'connected');

    // B hears A's microphone (Chromium's fake one beeps): the energy B decodes per audio packet.
    const heard = await audioWindow(b.page, (e) => e > 0);
    const mic = (await mediaOf(a.page)).sent.audio!;
    expect(mic).toMatchObject({ enabled: true, readyState: 'live', fromDevice: true });

    // Mute: A's microphone track is off, and B decodes silence.
    await a.page.getByTestId('call-mic').click();
    expect(await a.page.getByTestId('call-mic').getAttribute('aria-pressed')).toBe('true');
    expect((await mediaOf(a.page)).sent.audio).toMatchObject({ enabled: false, label: mic.label });
    await audioWindow(b.page, (e) => e < heard / 1000);

    // Device lists (PC): Chromium's fake camera and microphones are listed; picking one switches it,
    // and the new microphone goes out muted as well.
    await a.page.getByTestId('call-devices').click();
    await a.page.getByTestId('call-device-menu').waitFor();
    await a.page.getByTestId('device-camera').first().waitFor();
    const mics = a.page.getByTestId('device-microphone');
    await mics.first().waitFor();
    await mics.last().click();
    // The switch opens the new microphone and replaces the sent track before the choice shows:
    // longer than expect.poll's default second when the machine is busy.
    await expect.poll(() => mics.last().isChecked(), { timeout: 15_000 }).toBe(true);
    const other = (await mediaOf(a.page)).sent.audio!;
    expect(other).toMatchObject({ enabled: false, readyState: 'live', fromDevice: true });
    expect(other.label).not.toBe(mic.label);
    await audioWindow(b.page, (e) => e < heard / 1000);
    // A microphone that cannot be opened (the browser refuses it): a toast says so and the one in
    // use stays chosen.
    await a.page.evaluate(() => {
      const media = navigator.mediaDevices;
      const open = media.getUserMedia.bind(media);
      media.getUserMedia = () => {
        media.getUserMedia = open;
        return Promise.reject(new DOMException('Could not start audio source', 'NotReadableError'));
      };
    });
    await mics.first().click();
    await a.page.getByTestId('toast').filter({ hasText: '切换设备失败，仍在使用原设备' }).waitFor();
    await callShot(a.page, 'device-failed');
    expect(await mics.last().isChecked()).toBe(true);
    expect(await mics.first().isChecked()).toBe(false);
    expect((await mediaOf(a.page)).sent.audio).toMatchObject({ label: other.label, readyState: 'live' });
    await a.page.getByTestId('call-devices').click();

    // Unmute: B hears the new microphone.
    await a.page.getByTestId('call-mic').click();
    expect(await a.page.getByTestId('call-mic').getAttribute('aria-pressed')).toBe('false');
    expect((await mediaOf(a.page)).sent.audio).toMatchObject({ enabled: true, label: other.label });
    await audioWindow(b.page, (e) => e > heard / 4);

    // Minimize to the float window and restore.
    await a.page.getByTestId('call-minimize').click();
    await a.page.getByTestId('call-float').waitFor();
    await a.page.locator('.call-float__timer').waitFor();
    await callShot(a.page, 'float');
    await a.page.getByTestId('call-restore').click();
    await waitState(a.page, 'calling-c2c-video');

    // AI voice: RNNoise (WebAssembly, served by Parley) takes over the microphone: A sends its
    // output, not the microphone's track, and the beeps (noise to it) no longer reach B.
    await a.page.getByTestId('call-ai-voice').click();
    await a.page
      .locator('[data-testid="call-stats"][data-ai-voice="on"]')
      .waitFor({ state: 'attached', timeout: 20_000 });
    expect(await a.page.getByTestId('call-ai-voice').getAttribute('aria-pressed')).toBe('true');
    expect((await mediaOf(a.page)).sent.audio).toMatchObject({
      enabled: true,
      readyState: 'live',
      fromDevice: false,
    });
    await audioWindow(b.page, (e) => e < heard / 20);
    // Another microphone meanwhile: RNNoise moves to it, and A still sends its output.
    await a.page.getByTestId('call-devices').click();
    await mics.first().click();
    await expect.poll(() => mics.first().isChecked(), { timeout: 15_000 }).toBe(true);
    await a.page.getByTestId('call-devices').click();
    await expect
      .poll(async () => (await mediaOf(a.page)).sent.audio)
      .toMatchObject({ enabled: true, readyState: 'live', fromDevice: false });

    // Blur: the segmentation model (served by Parley) runs and its track is what B decodes now: a
    // picture far less sharp than the camera's.
    // Loading and compiling the model took over 30 s once under the full suite's load.
    const sharp = await sharpness(b.page);
    expect(sharp).toBeGreaterThan(0);
    await a.page.getByTestId('call-blur').click();
    await a.page
      .locator('[data-testid="call-stats"][data-blur="on"]')
      .waitFor({ state: 'attached', timeout: 60_000 });
    expect((await mediaOf(a.page)).sent.video).toMatchObject({
      enabled: true,
      readyState: 'live',
      fromDevice: false,
    });
    await expect.poll(() => sharpness(b.page)).toBeLessThan(sharp / 2);
    await callShot(a.page, 'blur');

    // Video → audio on both sides: the cameras stop, audio keeps flowing and no frame comes in.
    await b.page.getByTestId('call-to-audio').click();
    await waitState(a.page, 'calling-c2c-audio');
    await waitState(b.page, 'calling-c2c-audio');
    await Promise.all(
      [a.page, b.page].map(async (p) => {
        const video = (await mediaOf(p)).sent.video;
        expect(video === null || video.readyState === 'ended').toBe(true);
        await videoStoppedWhileAudioFlows(p);
      }),
    );
    await callShot(b.page, 'audio');

    await a.page.getByTestId('call-hangup').click();
    await a.page.getByTestId('call-window').waitFor({ state: 'detached' });
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
    const cardA = a.page.getByTestId('call-card').last();
    const cardB = b.page.getByTestId('call-card').last();
    await cardA.waitFor();
    await cardB.waitFor();
    expect(await cardA.getAttribute('data-result')).toBe('answered');
    expect(await cardA.textContent()).toMatch(/通话时长 \d\d:\d\d:\d\d/);
    expect(await cardB.textContent()).toMatch(/通话时长 \d\d:\d\d:\d\d/);
    await callShot(a.page, 'card');
    await row(a.page, B).locator('.cv-row__last').filter({ hasText: '[通话]' }).waitFor();
    await a.context.close();
    await b.context.close();
  }, 150_000);

  it('reject: the caller hears 对方已拒绝; both chats get the card', async () => {
    const { A, B } = await pair(h, ['晓明', '丽丽']);
    const [a, b] = await Promise.all([
      chatPage(h.browser, h.server, A, B),
      chatPage(h.browser, h.server, B, A),
    ]);
    await a.page.getByTestId('call-voice').click();
    await waitState(b.page, 'be-invited');
    expect(await b.page.getByTestId('call-waiting').textContent()).toContain('邀请你语音通话');
    await b.page.getByTestId('call-reject').click();
    await a.page.getByTestId('call-tip').filter({ hasText: '对方已拒绝' }).waitFor();
    await a.page.getByTestId('call-card').filter({ hasText: '对方已拒绝' }).waitFor();
    await b.page.getByTestId('call-card').filter({ hasText: '已拒绝' }).waitFor();
    await a.context.close();
    await b.context.close();
  });

  it('the profile card link (&call=audio) dials; the caller cancels: 已取消 / 对方已取消 cards', async () => {
    const { A, B } = await pair(h, ['阿明', '阿芳']);
    const [b, a] = await Promise.all([
      chatPage(h.browser, h.server, B, A),
      openUser(h.browser, h.server, { login: A.login, viewport: DESKTOP }),
    ]);
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}&call=audio`);
    await waitState(a.page, 'dialing-c2c');
    await waitState(b.page, 'be-invited');
    expect(a.page.url()).not.toContain('call=audio');
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
    await b.page.getByTestId('call-tip').filter({ hasText: '对方已取消' }).waitFor();
    await b.page.getByTestId('call-card').filter({ hasText: '对方已取消' }).waitFor();
    await a.page.getByTestId('call-card').filter({ hasText: '已取消' }).waitFor();
    await a.context.close();
    await b.context.close();
  });

  it('timeout: nobody answers; busy: a third caller hears 对方忙线中', async () => {
    const { A, B } = await pair(h, ['阿强', '小红']);
    const C = await registerUser(h.server, { nickName: '老王' });
    await befriend(h, C, B);
    const [a, b, c] = await Promise.all([
      chatPage(h.browser, h.server, A, B),
      chatPage(h.browser, h.server, B, A),
      chatPage(h.browser, h.server, C, B),
    ]);
    await a.page.getByTestId('call-video').click();
    await waitState(b.page, 'be-invited');
    await c.page.getByTestId('call-voice').click();
    await c.page.getByTestId('call-tip').filter({ hasText: '对方忙线中' }).waitFor();
    await c.page.getByTestId('call-card').filter({ hasText: '对方忙线中' }).waitFor();
    // Nobody answers: the invitation's time is up (moved to now), and the server's sweeper ends it.
    expireInvitation(h.server, B.wtId);
    await a.page.getByTestId('call-tip').filter({ hasText: '对方无应答' }).waitFor({ timeout: 15_000 });
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
    await b.page.getByTestId('call-card').filter({ hasText: '未接听' }).waitFor();
    for (const p of [a, b, c]) await p.context.close();
  });

  it('a non-member over the daily limit gets 开通会员提示; 开通 opens /member', async () => {
    const { A, B } = await pair(h, ['小李', '小张']);
    // Today's limit used up: the server meters connected calls, here one as long as the limit.
    expect(await api<number>(h.server, '/media/checkCall', { token: A.token })).toBe(0);
    recordConnectedCall(h.server, A.wtId, B.wtId, DAILY_LIMIT_SECONDS);
    expect(await api<number>(h.server, '/media/checkCall', { token: A.token })).toBe(1);
    const a = await chatPage(h.browser, h.server, A, B);
    await a.page.getByTestId('call-video').click();
    await a.page
      .getByTestId('limit-text')
      .filter({ hasText: '今日通话时长已达上限，请开通会员解锁' })
      .waitFor();
    await callShot(a.page, 'limit');
    await a.page.getByTestId('limit-open').click();
    await a.page.waitForURL('**/member');
    await a.page.getByTestId('member-status').filter({ hasText: '未开通会员' }).waitFor();
    expect(await a.page.getByTestId('member-plan').count()).toBe(3);
    await callShot(a.page, 'member');
    await a.context.close();
  });
});
