import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Message, UploadResult } from '@parley/protocol';
import { api, type TestUser } from '../harness/api';
import { CHROMIUM_ARGS } from '../harness/browser';
import { CHROMIUM, SCREENSHOTS_DIR } from '../harness/paths';
import type { TestServer } from '../harness/server';

/** Chromium with a fake microphone (voice messages) that never asks for permission. */
export function launchMediaBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    headless: true,
  });
}

export const bubbleOf = (page: Page, type: string) =>
  page.getByTestId('message-list').locator(`[data-testid="bubble"][data-type="${type}"]`);

export const richShot = (page: Page, name: string) =>
  page.screenshot({
    path: join(SCREENSHOTS_DIR, `rich-${name}.png`),
    style: '[data-testid="toast"]{visibility:hidden}',
    animations: 'disabled',
  });

/** Uploads bytes like the browser does (multipart) and answers the UploadResult. */
export async function uploadApi(
  server: TestServer,
  user: TestUser,
  bytes: Buffer,
  name: string,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/api/oss/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const env = (await res.json()) as { code: number; msg: string; data: UploadResult };
  if (env.code !== 200) throw new Error(`upload failed: ${env.code} ${env.msg}`);
  return env.data;
}

let n = 0;
export function sendRich(
  server: TestServer,
  from: TestUser,
  to: TestUser,
  type: string,
  payload: object,
): Promise<Message> {
  n += 1;
  return api<Message>(server, '/message/send', {
    token: from.token,
    body: { conversationID: `C2C${to.wtId}`, clientMsgId: `rich-${Date.now()}-${n}`, type, payload },
  });
}

/** Pastes a PNG drawn on a canvas into the composer (as a clipboard file). */
export async function pasteImage(page: Page, name: string, color: string, label: string): Promise<void> {
  await page.evaluate(
    async ([name, color, label]) => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 420;
      const g = c.getContext('2d')!;
      g.fillStyle = color;
      g.fillRect(0, 0, c.width, c.height);
      g.fillStyle = '#fff';
      g.font = 'bold 64px sans-serif';
      g.fillText(label, 60, 230);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
      const dt = new DataTransfer();
      dt.items.add(new File([blob], name, { type: 'image/png' }));
      const box = document.querySelector('[data-testid="composer-input"]')!;
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    [name, color, label] as const,
  );
}

/** Drops a file of `size` bytes (or the given text) on the composer. */
export async function dropFile(
  page: Page,
  name: string,
  opts: { text?: string; size?: number; type?: string },
): Promise<void> {
  await page.evaluate(
    ([name, text, size, type]) => {
      const body = text ? [text] : [new Uint8Array(size)];
      const dt = new DataTransfer();
      dt.items.add(new File(body, name, { type }));
      const target = document.querySelector('[data-testid="composer"]')!;
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    [name, opts.text ?? '', opts.size ?? 0, opts.type ?? 'application/octet-stream'] as const,
  );
}

/** Records a short WebM video of a canvas animation in the page and picks it with the video button. */
export async function pickRecordedVideo(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 180;
    const g = c.getContext('2d')!;
    const stream = c.captureStream(15);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      g.fillStyle = `hsl(${(frame * 12) % 360} 70% 50%)`;
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#fff';
      g.font = 'bold 40px sans-serif';
      g.fillText(`Parley ${frame}`, 40, 100);
    }, 60);
    const done = new Promise<void>((r) => (rec.onstop = () => r()));
    rec.start();
    await new Promise((r) => setTimeout(r, 1200));
    rec.stop();
    await done;
    clearInterval(timer);
    const file = new File(chunks, 'clip.webm', { type: 'video/webm' });
    const input = document.querySelector<HTMLInputElement>('[data-testid="tool-video-input"]')!;
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** Scrolls the (virtualized) message list to the newest message. */
export async function toLatest(page: Page): Promise<void> {
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="message-list"]')!;
    el.scrollTop = el.scrollHeight;
  });
  await frames(page);
}

/**
 * The newest bubble of `kind` (a type or custom business ID), scrolling the virtualized list up
 * from the bottom (and loading older pages) until it is rendered.
 */
export async function revealBubble(page: Page, kind: string) {
  const found = page.getByTestId('message-list').locator(`[data-testid="bubble"][data-type="${kind}"]`);
  await toLatest(page);
  for (let i = 0; i < 80; i++) {
    if ((await found.count()) > 0) {
      await found.last().scrollIntoViewIfNeeded();
      return found.last();
    }
    const atTop = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="message-list"]')!;
      el.scrollTop = Math.max(0, el.scrollTop - el.clientHeight * 0.7);
      return el.scrollTop === 0;
    });
    if (atTop && (await page.getByTestId('load-more').count())) await page.getByTestId('load-more').click();
    await frames(page);
  }
  throw new Error(`no ${kind} bubble in the list`);
}
