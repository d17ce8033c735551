import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sfu } from '../../apps/server/src/modules/calls/sfu/sfu';
import { sfuBackends } from '../../apps/server/test/calls/sfu-backends';
import { launchBrowser } from '../harness/chromium';
import { CALL_MEDIA_ARGS } from './calls-helpers';

/**
 * The browser's SFU client (apps/web/src/features/calls/sfu) in Chromium with fake camera and
 * microphone, against each SFU back end in this process: three members publish, each decodes the
 * other two's video; a screen share appears at the others as a third video of its member and goes
 * away when stopped. The frames the client sends are handed to the SFU directly (the socket part is
 * covered by apps/server/test/calls/sfu-frames.test.ts).
 */
const ROOM = 'browser-room';

async function clientBundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../../apps/web/src/features/calls/sfu/sfu-client.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'Sfu',
    platform: 'browser',
    write: false,
  });
  return out.outputFiles[0]!.text;
}

/** A member's page: its frames go to `sfu` as `userId`, the SFU's events for it come back. */
async function member(
  browser: Browser,
  sfu: Sfu,
  code: string,
  userId: string,
  origin: string,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // A page of a secure origin (localhost): camera and microphone exist only there.
  await page.goto(origin);
  await page.addScriptTag({ content: code });
  await page.exposeFunction('sfuSend', async (type: string, d: Record<string, unknown>) => {
    if (type === 'call.media.publish') return { sdp: await sfu.publish(ROOM, userId, d.sdp as string) };
    if (type === 'call.media.subscribe') return { sdp: await sfu.subscribe(ROOM, userId) };
    if (type === 'call.media.answer') return sfu.answer(ROOM, userId, d.sdp as string).then(() => null);
    if (type === 'call.media.candidate')
      return sfu.candidate(ROOM, userId, d.pc as 'publish', d.candidate as never).then(() => null);
    return null;
  });
  const toPage = (type: string, data: unknown) =>
    void page
      .evaluate(
        ([t, d]) =>
          (window as never as { client: { receive(t: string, d: unknown): void } }).client.receive(t, d),
        [type, data] as const,
      )
      .catch(() => undefined);
  sfu.events.on(
    'renegotiate',
    (r, u, sdp) => r === ROOM && u === userId && toPage('call.media.offer', { callId: ROOM, sdp }),
  );
  sfu.events.on(
    'tracks',
    (r, u, tracks) => r === ROOM && u === userId && toPage('call.media.tracks', { callId: ROOM, tracks }),
  );
  sfu.events.on(
    'candidate',
    (r, u, pc, candidate) =>
      r === ROOM && u === userId && toPage('call.media.candidate', { callId: ROOM, pc, candidate }),
  );
  await page.evaluate(`(async () => {
    window.client = new Sfu.SfuClient({ callId: ${JSON.stringify(ROOM)}, ice: null, send: (t, d) => window.sfuSend(t, d) });
    window.videos = {};
    window.client.onTracks((all) => {
      window.seen = all.map((t) => t.publisherId + ':' + t.source + ':' + t.track.kind).sort();
      for (const t of all) {
        if (t.track.kind !== 'video') continue;
        const key = t.publisherId + ':' + t.source;
        if (window.videos[key]?.srcObject?.getTracks()[0] === t.track) continue;
        const v = document.createElement('video');
        v.muted = true;
        v.autoplay = true;
        v.srcObject = new MediaStream([t.track]);
        v.frames = 0;
        const count = () => { v.frames++; v.requestVideoFrameCallback(count); };
        v.requestVideoFrameCallback(count);
        document.body.append(v);
        window.videos[key] = v;
      }
    });
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 320, height: 240 } });
    await window.client.publish(stream);
  })()`);
  return page;
}

/** Frames presented so far by the video of `key` (publisher:source) on `page`. */
const framesOf = (page: Page, key: string) =>
  page.evaluate(`window.videos[${JSON.stringify(key)}]?.frames ?? 0`) as Promise<number>;
const seenOn = (page: Page) => page.evaluate('window.seen ?? []') as Promise<string[]>;

describe.each(sfuBackends())('SFU media in Chromium: %s', (_name, start) => {
  let sfu: Sfu;
  let stop: () => Promise<void>;
  let browser: Browser;
  let code: string;
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('<!doctype html><title>sfu</title>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}/`;
    ({ sfu, stop } = await start());
    sfu.events.setMaxListeners(0);
    browser = await launchBrowser(CALL_MEDIA_ARGS);
    code = await clientBundle();
  });
  afterAll(async () => {
    await browser?.close();
    await stop?.();
    server?.close();
  });

  it('three members decode each other; a screen share reaches the others and leaves again', async () => {
    await sfu.openRoom(ROOM);
    const names = ['ann', 'bob', 'cat'];
    const pages: Page[] = [];
    for (const n of names) pages.push(await member(browser, sfu, code, n, origin));
    for (const [i, page] of pages.entries()) {
      const others = names.filter((_, j) => j !== i);
      await expect
        .poll(() => seenOn(page), { timeout: 30_000 })
        .toEqual(others.flatMap((o) => [`${o}:camera:video`, `${o}:mic:audio`]).sort());
      for (const o of others)
        await expect.poll(() => framesOf(page, `${o}:camera`), { timeout: 30_000 }).toBeGreaterThan(5);
    }

    // ann shares a screen (a canvas that keeps drawing): bob and cat get it as ann's third track.
    await pages[0]!.evaluate(`(async () => {
      const c = document.createElement('canvas'); c.width = 320; c.height = 180;
      const g = c.getContext('2d'); let n = 0;
      setInterval(() => { g.fillStyle = 'hsl(' + (n++ % 360) + ',80%,50%)'; g.fillRect(0, 0, 320, 180); }, 50);
      await window.client.addScreen(c.captureStream(20).getVideoTracks()[0]);
    })()`);
    for (const page of pages.slice(1)) {
      await expect.poll(() => seenOn(page), { timeout: 30_000 }).toContain('ann:screen:video');
      await expect.poll(() => framesOf(page, 'ann:screen'), { timeout: 30_000 }).toBeGreaterThan(5);
    }
    await pages[0]!.evaluate('window.client.removeScreen()');
    for (const page of pages.slice(1)) {
      await expect.poll(() => seenOn(page), { timeout: 30_000 }).not.toContain('ann:screen:video');
    }
    for (const page of pages) await page.evaluate('window.client.close()');
    await sfu.closeRoom(ROOM);
  });
});

// The bundle is built from source in the test: fail loudly if the file moved.
if (
  !fs.existsSync(path.resolve(import.meta.dirname, '../../apps/web/src/features/calls/sfu/sfu-client.ts'))
) {
  throw new Error('apps/web/src/features/calls/sfu/sfu-client.ts is missing');
}
