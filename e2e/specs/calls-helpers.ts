import { join } from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, openUser } from '../harness/browser';
import { CHROMIUM, SCREENSHOTS_DIR } from '../harness/paths';
import type { TestServer } from '../harness/server';
import type { TestUser } from '../harness/api';

/** Fake camera and microphone, and loopback ICE candidates (two pages on one host). */
export const CALL_MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];
export const CALL_ARGS = [...CHROMIUM_ARGS, ...CALL_MEDIA_ARGS];

export function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CALL_ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Keeps every RTCPeerConnection the pages of `context` create (window.__pcs) and the ids of the
 * camera and microphone tracks they open (window.__deviceTracks), so a test reads the media itself:
 * what the senders carry and what the other side receives (mediaOf).
 */
export async function watchPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __pcs: RTCPeerConnection[]; __deviceTracks: Set<string> };
    w.__pcs = [];
    w.__deviceTracks = new Set();
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__pcs.push(this);
      }
    };
    const media = navigator.mediaDevices;
    if (!media) return;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      for (const t of stream.getTracks()) w.__deviceTracks.add(t.id);
      return stream;
    };
  });
}

export interface SentTrack {
  enabled: boolean;
  readyState: MediaStreamTrackState;
  /** A camera or microphone track itself (getUserMedia's), not one made from it (effects). */
  fromDevice: boolean;
  label: string;
}

/** The media of the page's newest peer connection, from the page (senders) and getStats (inbound). */
export interface MediaState {
  state: RTCPeerConnectionState | 'none';
  sent: { audio: SentTrack | null; video: SentTrack | null };
  /** Inbound audio: packets, the summed energy of what was decoded, and the level now. */
  audioIn: { packets: number; energy: number; level: number };
  /** Inbound video: decoded frames and their size. */
  videoIn: { frames: number; width: number; height: number };
}

export async function mediaOf(page: Page): Promise<MediaState> {
  return page.evaluate(async () => {
    const w = window as unknown as { __pcs?: RTCPeerConnection[]; __deviceTracks?: Set<string> };
    const pc = w.__pcs?.at(-1);
    const media: MediaState = {
      state: pc?.connectionState ?? 'none',
      sent: { audio: null, video: null },
      audioIn: { packets: 0, energy: 0, level: 0 },
      videoIn: { frames: 0, width: 0, height: 0 },
    };
    if (!pc) return media;
    for (const sender of pc.getSenders()) {
      const t = sender.track;
      if (!t || (t.kind !== 'audio' && t.kind !== 'video')) continue;
      media.sent[t.kind] = {
        enabled: t.enabled,
        readyState: t.readyState,
        fromDevice: w.__deviceTracks?.has(t.id) ?? false,
        label: t.label,
      };
    }
    (await pc.getStats()).forEach((r: Record<string, unknown>) => {
      if (r.type !== 'inbound-rtp') return;
      if (r.kind === 'audio') {
        media.audioIn.packets += Number(r.packetsReceived ?? 0);
        media.audioIn.energy += Number(r.totalAudioEnergy ?? 0);
        media.audioIn.level = Math.max(media.audioIn.level, Number(r.audioLevel ?? 0));
      } else if (r.kind === 'video') {
        media.videoIn.frames += Number(r.framesDecoded ?? 0);
        media.videoIn.width = Number(r.frameWidth ?? 0);
        media.videoIn.height = Number(r.frameHeight ?? 0);
      }
    });
    return media;
  });
}

/**
 * How sharp the remote video on the page is: the mean absolute Laplacian of its luminance (a blurred
 * picture has little of it), or -1 while no frame is shown.
 */
export async function sharpness(page: Page): Promise<number> {
  return page.getByTestId('call-remote-video').evaluate((video: HTMLVideoElement) => {
    const [w, h] = [video.videoWidth, video.videoHeight];
    if (!w || !h) return -1;
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    g.drawImage(video, 0, 0);
    const d = g.getImageData(0, 0, w, h).data;
    const lum = (x: number, y: number) => {
      const i = (y * w + x) * 4;
      return 0.3 * d[i]! + 0.59 * d[i + 1]! + 0.11 * d[i + 2]!;
    };
    let sum = 0;
    for (let y = 1; y < h - 1; y++)
      for (let x = 1; x < w - 1; x++)
        sum += Math.abs(4 * lum(x, y) - lum(x - 1, y) - lum(x + 1, y) - lum(x, y - 1) - lum(x, y + 1));
    return sum / ((w - 2) * (h - 2));
  });
}

/**
 * Audio that reached `page` while `packets` more packets came in: the decoded energy per packet.
 * Windows follow one another until `accept` takes one (the media catches up with a change on the
 * other side after a few packets in flight); fails when none did within the poll timeout.
 */
export async function audioWindow(
  page: Page,
  accept: (energyPerPacket: number) => boolean,
  packets = 50,
): Promise<number> {
  let start = (await mediaOf(page)).audioIn;
  let found: number | null = null;
  await expect
    .poll(
      async () => {
        const now = (await mediaOf(page)).audioIn;
        if (now.packets - start.packets < packets) return false;
        const rate = (now.energy - start.energy) / (now.packets - start.packets);
        start = now;
        if (accept(rate)) found = rate;
        return found !== null;
      },
      { timeout: 20_000, message: `no window of ${packets} audio packets was accepted` },
    )
    .toBe(true);
  return found!;
}

/** Waits until `page` received `packets` more audio packets while it decoded no more video frames. */
export async function videoStoppedWhileAudioFlows(page: Page, packets = 50): Promise<void> {
  let start = await mediaOf(page);
  await expect
    .poll(async () => {
      const now = await mediaOf(page);
      if (now.audioIn.packets - start.audioIn.packets < packets) return false;
      const stopped = now.videoIn.frames === start.videoIn.frames;
      start = now;
      return stopped;
    })
    .toBe(true);
}

/** A signed-in page of `user` on the chat with `peer`. */
export async function chatPage(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  peer: TestUser,
  viewport = DESKTOP,
) {
  const { context, page } = await openUser(browser, server, { login: user.login, viewport });
  await watchPeerConnections(context);
  await page.goto(`/messages?conversationID=C2C${peer.wtId}`);
  await page.getByTestId('chat-title').waitFor();
  return { context, page };
}

export const callState = (page: Page) => page.getByTestId('call-window').getAttribute('data-state');

export async function waitState(page: Page, state: string): Promise<void> {
  await page.locator(`[data-testid="call-window"][data-state="${state}"]`).waitFor();
}

/** Decoded remote video frames (from getStats, as the call window exposes them). */
export async function framesDecoded(page: Page): Promise<number> {
  return Number((await page.getByTestId('call-stats').getAttribute('data-frames-decoded')) ?? 0);
}

export async function waitFrames(page: Page, above: number, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await framesDecoded(page);
    if (n > above) return n;
    if (Date.now() > deadline) throw new Error(`framesDecoded stayed at ${n} (wanted > ${above})`);
    await page.waitForFunction(
      (prev) =>
        Number(
          document.querySelector('[data-testid="call-stats"]')?.getAttribute('data-frames-decoded') ?? 0,
        ) !== prev,
      n,
      { timeout: timeoutMs },
    );
  }
}

export async function callShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `calls-${name}.png`) });
}
