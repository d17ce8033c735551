import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { expectAccessible } from '../harness/a11y';
import { api } from '../harness/api';
import { REPO_ROOT } from '../harness/paths';
import { useHarness } from '../harness/setup';
import { DESKTOP, pair, PHONE, shot } from './messages-helpers';

// A tile server of our own (one small PNG for every tile), recording what was asked.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const asked: string[] = [];
const tiles = createServer((req, res) => {
  asked.push(req.url ?? '');
  res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
  res.end(PNG);
});
await new Promise<void>((r) => tiles.listen(0, '127.0.0.1', r));
const TILE_URL = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;

// The web client built with VITE_MAP_TILE_URL (a build-time setting), served by this file's server.
const dist = mkdtempSync(join(tmpdir(), 'parley-web-map-'));
beforeAll(() => {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: join(REPO_ROOT, 'apps/web'),
      env: { ...process.env, VITE_MAP_TILE_URL: TILE_URL },
      stdio: 'ignore',
    },
  );
}, 600_000);
// The server lets the page load images from the tile server (its Content-Security-Policy).
const h = useHarness({ name: 'map-picker', env: { PARLEY_WEB_DIST: dist, MAP_TILE_URL: TILE_URL } });
afterAll(() => {
  tiles.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The tile holding a point at zoom z (Web Mercator), as the picker asks for it. */
function tileOf(lat: number, lng: number, z: number): string {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return `/${z}/${x}/${y}.png`;
}

describe('location from a map (VITE_MAP_TILE_URL set)', () => {
  it('pick the place on the map with keys and a click, send it, the other side sees it', async () => {
    const { A, B } = await pair(h);
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const b = await h.open({ login: B.login, viewport: DESKTOP });
    await Promise.all([
      a.page.goto(`/messages?conversationID=C2C${B.wtId}`),
      b.page.goto(`/messages?conversationID=C2C${A.wtId}`),
    ]);
    await a.page.getByTestId('tool-location').click();
    const map = a.page.getByTestId('map-picker');
    await map.waitFor();
    // No typed coordinates with a map; the tiles around the start come from the tile server.
    expect(await a.page.getByTestId('location-lat').count()).toBe(0);
    await expect.poll(() => asked.includes(tileOf(39.9087, 116.3975, 13))).toBe(true);
    const coords = a.page.getByTestId('location-coords');
    expect(await coords.textContent()).toBe('纬度 39.9087，经度 116.3975');

    // One arrow step is 16 px: at zoom 13, 16 / (256 × 2^13) × 360° of longitude.
    await map.focus();
    await a.page.keyboard.press('ArrowRight');
    await expect.poll(() => coords.textContent()).toBe('纬度 39.9087，经度 116.400247');
    await expectAccessible(a.page, 'location map');
    await shot(a.page, 'location-map');

    // A click 64 px right of the centre (the pin is there after a key) moves it four steps on
    // (to within a pixel or two: the box may sit between pixels).
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 64, y: box.height / 2 } });
    const [, latText, lngText] = /纬度 ([\d.]+)，经度 ([\d.]+)/.exec((await coords.textContent()) ?? '')!;
    expect(Number(latText)).toBeCloseTo(39.9087, 3);
    expect(Number(lngText)).toBeCloseTo(116.400247 + 4 * 0.002747, 3);

    await a.page.getByTestId('location-title').fill('故宫');
    await a.page.getByTestId('location-detail').fill('北京市东城区景山前街4号');
    await a.page.getByTestId('location-send').click();
    await b.page.getByTestId('location-bubble').filter({ hasText: '故宫' }).waitFor();
    const history = await api<{ messages: Message[] }>(h.server, '/message/history', {
      token: B.token,
      body: { conversationID: `C2C${A.wtId}` },
    });
    const sent = history.messages.find((m) => m.payload.latitude !== undefined)!;
    expect([sent.payload.latitude, sent.payload.longitude]).toEqual([Number(latText), Number(lngText)]);
  });

  it('on a phone the map fits the dialog and the pin sits in its middle', async () => {
    const { A, B } = await pair(h, ['成华', '德明']);
    const a = await h.open({ login: A.login, viewport: PHONE });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await a.page.getByTestId('composer-more').click();
    await a.page.getByTestId('tool-location').click();
    const map = a.page.getByTestId('map-picker');
    await map.waitFor();
    const box = (await map.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const pin = (await a.page.getByTestId('map-pin').boundingBox())!;
    // The pin's tip is its box's bottom-left corner turned 45°: its middle is within a few pixels.
    expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(6);
    await expectAccessible(a.page, 'location map on a phone');
    await shot(a.page, 'location-map-phone');
  });
});
