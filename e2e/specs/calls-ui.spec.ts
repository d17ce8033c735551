import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../harness/a11y';
import { useHarness } from '../harness/setup';
import { bubbles, pair, sendApi } from './messages-helpers';
import { CALL_MEDIA_ARGS, callShot, chatPage, PHONE, waitFrames, waitState } from './calls-helpers';

const h = useHarness({ name: 'calls-ui', browserArgs: CALL_MEDIA_ARGS });

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (page: Page, testId: string): Promise<Box> => {
  const b = await page.getByTestId(testId).first().boundingBox();
  if (!b) throw new Error(`${testId} is not on screen`);
  return b;
};
const overlaps = (p: Box, q: Box) =>
  p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;

/** Drags the float window by (dx, dy) with the mouse from its left edge; answers its new box. */
async function dragFloat(page: Page, dx: number, dy: number): Promise<Box> {
  const from = await boxOf(page, 'call-float');
  const x = from.x + 6;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
  return boxOf(page, 'call-float');
}

describe('calls: the call screens as a user meets them', () => {
  it('a menu left open closes when a call comes in; icon buttons named by action; the camera-off tile; the float bar clear of 发送 and draggable; axe on every call screen', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, '晚上视频吗');
    const [a, b] = await Promise.all([
      chatPage(h.browser, h.server, A, B),
      chatPage(h.browser, h.server, B, A),
    ]);
    // A has a message menu open when B's call arrives.
    await bubbles(a.page).filter({ hasText: '晚上视频吗' }).click({ button: 'right' });
    await a.page.getByTestId('message-menu').waitFor();

    await b.page.getByTestId('call-video').click();
    await waitState(b.page, 'dialing-c2c');
    await waitState(a.page, 'be-invited');
    // The incoming screen takes focus, and the stale menu is gone (not floating over it).
    await a.page.getByTestId('message-menu').waitFor({ state: 'detached' });
    await expectAccessible(a.page, 'calls: incoming');
    await expectAccessible(b.page, 'calls: dialing');
    // 接听 and 拒绝: two round buttons of the same size, named by what they do.
    const accept = await boxOf(a.page, 'call-accept');
    const reject = await boxOf(a.page, 'call-reject');
    expect(accept.width).toBe(reject.width);
    expect(accept.height).toBe(reject.height);
    expect(accept.width).toBe(accept.height);
    expect(await a.page.getByTestId('call-accept').getAttribute('aria-label')).toBe('接听');
    expect(await a.page.getByTestId('call-reject').getAttribute('aria-label')).toBe('拒绝');

    await a.page.getByTestId('call-accept').click();
    await waitState(a.page, 'calling-c2c-video');
    await waitState(b.page, 'calling-c2c-video');
    await waitFrames(a.page, 0);

    // Icon buttons named by their action; a switch says it is on with aria-pressed.
    const mic = a.page.getByTestId('call-mic');
    expect(await mic.getAttribute('aria-label')).toBe('静音麦克风');
    expect(await mic.getAttribute('aria-pressed')).toBe('false');
    expect((await mic.textContent())?.trim()).toBe('');
    await mic.click();
    expect(await mic.getAttribute('aria-pressed')).toBe('true');
    expect(await mic.getAttribute('aria-label')).toBe('静音麦克风');
    expect(await a.page.getByTestId('call-camera').getAttribute('aria-label')).toBe('关闭摄像头');
    expect(await a.page.getByTestId('call-speaker').getAttribute('aria-label')).toBe('关闭扬声器');
    expect(await a.page.getByTestId('call-hangup').getAttribute('aria-label')).toBe('挂断');
    await expectAccessible(a.page, 'calls: in call (video)');
    await callShot(a.page, 'connected-icons');

    // B turns the camera off: A sees B's avatar and the camera-off mark instead of a black picture.
    await b.page.getByTestId('call-camera').click();
    expect(await b.page.getByTestId('call-camera').getAttribute('aria-pressed')).toBe('true');
    const off = a.page.getByTestId('call-remote-camera-off');
    await off.waitFor();
    expect(await off.getAttribute('aria-label')).toBe('博文 已关闭摄像头');
    await expectAccessible(a.page, 'calls: remote camera off');
    await callShot(a.page, 'remote-camera-off');
    await b.page.getByTestId('call-camera').click();
    await off.waitFor({ state: 'detached' });

    // Minimized on a computer: the bar sits clear of 发送, and can be dragged elsewhere.
    await a.page.getByTestId('call-minimize').click();
    await a.page.getByTestId('call-float').waitFor();
    await a.page.getByTestId('composer-input').fill('我在通话');
    const send = await boxOf(a.page, 'composer-send');
    const before = await boxOf(a.page, 'call-float');
    expect(overlaps(before, send)).toBe(false);
    await expectAccessible(a.page, 'calls: minimized (computer)');
    // 发送 still takes the click.
    await a.page.getByTestId('composer-send').click();
    await bubbles(b.page).filter({ hasText: '我在通话' }).waitFor();
    const after = await dragFloat(a.page, -300, 200);
    expect(Math.round(after.x - before.x)).toBe(-300);
    expect(Math.round(after.y - before.y)).toBe(200);
    // A drag is not a click: the call stays minimized; the restore button still restores.
    expect(await a.page.getByTestId('call-window').count()).toBe(0);
    await a.page.getByTestId('call-restore').click();
    await waitState(a.page, 'calling-c2c-video');
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
  });

  it('phone: 接听 as big as 拒绝, side by side; the minimized box clear of 发送 and draggable', async () => {
    const { A, B } = await pair(h, ['卡拉', '迪恩']);
    const [a, b] = await Promise.all([
      chatPage(h.browser, h.server, A, B),
      chatPage(h.browser, h.server, B, A, PHONE),
    ]);
    await a.page.getByTestId('call-voice').click();
    await waitState(b.page, 'be-invited');
    const accept = await boxOf(b.page, 'call-accept');
    const reject = await boxOf(b.page, 'call-reject');
    expect(accept.width).toBe(reject.width);
    expect(accept.height).toBe(reject.height);
    expect(accept.width).toBeGreaterThanOrEqual(60);
    // Same row, the same distance from the screen's middle.
    expect(Math.abs(accept.y - reject.y)).toBeLessThan(1);
    const middle = PHONE.width / 2;
    expect(
      Math.abs(accept.x + accept.width / 2 - middle - (middle - (reject.x + reject.width / 2))),
    ).toBeLessThan(2);
    await expectAccessible(b.page, 'calls: incoming');
    await callShot(b.page, 'incoming-phone');

    await b.page.getByTestId('call-accept').click();
    await waitState(b.page, 'calling-c2c-audio');
    await expectAccessible(b.page, 'calls: in call (audio)');
    await callShot(b.page, 'connected-audio-phone');
    await b.page.getByTestId('call-minimize').click();
    await b.page.getByTestId('call-float').waitFor();
    await b.page.getByTestId('composer-input').fill('稍等');
    const send = await boxOf(b.page, 'composer-send');
    const before = await boxOf(b.page, 'call-float');
    expect(overlaps(before, send)).toBe(false);
    await expectAccessible(b.page, 'calls: minimized (phone)');
    const after = await dragFloat(b.page, -200, 300);
    expect(Math.round(after.x - before.x)).toBe(-200);
    expect(Math.round(after.y - before.y)).toBe(300);
    expect(await b.page.getByTestId('call-window').count()).toBe(0);
    await a.page.getByTestId('call-hangup').click();
    await b.page.getByTestId('call-float').waitFor({ state: 'detached' });
  });
});
