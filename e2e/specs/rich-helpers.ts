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

/**
 * Makes a WebM video of `seconds` in the page and picks it with the video button. The frames are
 * drawn on a canvas and encoded with WebCodecs (VP8) at set timestamps, then written as MediaRecorder
 * writes a recording: a segment and clusters of unknown size, no duration. Nothing waits for the
 * clip's length to pass.
 */
export async function pickGeneratedVideo(page: Page, seconds: number): Promise<void> {
  await page.evaluate(async (seconds) => {
    const [W, H, FPS] = [320, 180, 10];
    const canvas = new OffscreenCanvas(W, H);
    const g = canvas.getContext('2d')!;
    const encoded: { data: Uint8Array; ms: number; key: boolean }[] = [];
    let failure: unknown = null;
    const encoder = new VideoEncoder({
      output: (chunk) => {
        const data = new Uint8Array(chunk.byteLength);
        chunk.copyTo(data);
        encoded.push({ data, ms: Math.round(chunk.timestamp / 1000), key: chunk.type === 'key' });
      },
      error: (e) => (failure = e),
    });
    encoder.configure({ codec: 'vp8', width: W, height: H, bitrate: 400_000, framerate: FPS });
    for (let i = 0; i < seconds * FPS; i++) {
      g.fillStyle = `hsl(${(i * 12) % 360} 70% 50%)`;
      g.fillRect(0, 0, W, H);
      g.fillStyle = '#fff';
      g.font = 'bold 40px sans-serif';
      g.fillText(`Parley ${i}`, 40, 100);
      const frame = new VideoFrame(canvas, { timestamp: (i * 1e6) / FPS, duration: 1e6 / FPS });
      encoder.encode(frame, { keyFrame: i % FPS === 0 });
      frame.close();
    }
    await encoder.flush();
    encoder.close();
    if (failure) throw failure;

    // EBML: an element is its ID, its size (8-byte vint here) and its body.
    const cat = (parts: Uint8Array[]) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    };
    const size = (n: number) => {
      const b = new Uint8Array(8);
      b[0] = 0x01;
      for (let i = 7, v = n; i > 0; i--, v = Math.floor(v / 256)) b[i] = v % 256;
      return b;
    };
    const UNKNOWN = new Uint8Array([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const el = (id: number[], ...body: Uint8Array[]) => {
      const payload = cat(body);
      return cat([new Uint8Array(id), size(payload.length), payload]);
    };
    const open = (id: number[], ...body: Uint8Array[]) => cat([new Uint8Array(id), UNKNOWN, ...body]);
    const uint = (id: number[], v: number) => {
      const b: number[] = [];
      do {
        b.unshift(v % 256);
        v = Math.floor(v / 256);
      } while (v > 0);
      return el(id, new Uint8Array(b));
    };
    const text = (id: number[], s: string) => el(id, new TextEncoder().encode(s));
    const block = (c: (typeof encoded)[number]) =>
      el([0xa3], new Uint8Array([0x81, (c.ms >> 8) & 0xff, c.ms & 0xff, c.key ? 0x80 : 0]), c.data);

    const file = cat([
      el(
        [0x1a, 0x45, 0xdf, 0xa3],
        uint([0x42, 0x86], 1),
        uint([0x42, 0xf7], 1),
        uint([0x42, 0xf2], 4),
        uint([0x42, 0xf3], 8),
        text([0x42, 0x82], 'webm'),
        uint([0x42, 0x87], 4),
        uint([0x42, 0x85], 2),
      ),
      open(
        [0x18, 0x53, 0x80, 0x67],
        el([0x15, 0x49, 0xa9, 0x66], uint([0x2a, 0xd7, 0xb1], 1_000_000), text([0x4d, 0x80], 'parley-e2e')),
        el(
          [0x16, 0x54, 0xae, 0x6b],
          el(
            [0xae],
            uint([0xd7], 1),
            uint([0x73, 0xc5], 1),
            uint([0x83], 1),
            text([0x86], 'V_VP8'),
            el([0xe0], uint([0xb0], W), uint([0xba], H)),
          ),
        ),
        // One cluster from 0 ms (block times are 16-bit offsets: fine for a short clip).
        open([0x1f, 0x43, 0xb6, 0x75], uint([0xe7], 0), ...encoded.map(block)),
      ),
    ]);

    const input = document.querySelector<HTMLInputElement>('[data-testid="tool-video-input"]')!;
    const dt = new DataTransfer();
    dt.items.add(new File([file], 'clip.webm', { type: 'video/webm' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, seconds);
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
