import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOTS_DIR } from '../harness/paths';

/** A committed screenshot `docs/screenshots/group-calls-<name>.png` (toasts hidden, no animations). */
export const gcallShot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `group-calls-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

/**
 * A screen to share without the browser's picker (headless Chromium has none): getDisplayMedia
 * answers with a canvas that keeps drawing.
 */
export async function fakeScreen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const media = navigator.mediaDevices;
    if (!media) return;
    media.getDisplayMedia = async () => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 360;
      const g = c.getContext('2d')!;
      let n = 0;
      setInterval(() => {
        g.fillStyle = `hsl(${n++ % 360},70%,50%)`;
        g.fillRect(0, 0, 640, 360);
      }, 50);
      return c.captureStream(15);
    };
  });
}

export const tile = (page: Page, key: string) => page.getByTestId(`gcall-tile-${key}`);

/** Waits until `page` decodes video frames and receives audio packets of `wtId` (getStats). */
export async function receives(page: Page, wtId: string): Promise<void> {
  await page.waitForFunction(
    (key) => {
      const el = document.querySelector(`[data-testid="gcall-tile-${key}"]`);
      return (
        Number(el?.getAttribute('data-frames') ?? 0) > 0 &&
        Number(el?.getAttribute('data-audio-packets') ?? 0) > 0
      );
    },
    wtId,
    { timeout: 45_000 },
  );
}

/** Waits until the video of tile `key` on `page` shows pictures (a size and a moving clock). */
export async function shows(page: Page, key: string): Promise<void> {
  await page.waitForFunction(
    (k) => {
      const v = document.querySelector(`[data-testid="gcall-video-${k}"]`) as HTMLVideoElement | null;
      return !!v && v.videoWidth > 0 && v.currentTime > 0.3;
    },
    key,
    { timeout: 45_000 },
  );
}
