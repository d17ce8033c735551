/** Web Mercator at 256-pixel tiles: world pixels of a point at zoom `z`, and back. */
export const TILE = 256;

export interface LatLng {
  lat: number;
  lng: number;
}

const worldSize = (z: number) => TILE * 2 ** z;

export function project(p: LatLng, z: number): { x: number; y: number } {
  const size = worldSize(z);
  const r = (p.lat * Math.PI) / 180;
  return {
    x: ((p.lng + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * size,
  };
}

export function unproject(x: number, y: number, z: number): LatLng {
  const size = worldSize(z);
  const lng = (x / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return { lat, lng };
}

/** Rounded to six decimals (about 10 cm), as the message carries them. */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A tile's URL from a `{z}/{x}/{y}` template. */
export const tileSrc = (template: string, z: number, x: number, y: number) =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

/** The tiles covering a `width`×`height` view centred on world pixel `c`, with their offsets in it. */
export function tilesAround(c: { x: number; y: number }, width: number, height: number, z: number) {
  const left = c.x - width / 2;
  const top = c.y - height / 2;
  const n = 2 ** z;
  const out: { key: string; x: number; y: number; left: number; top: number }[] = [];
  for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + height) / TILE); ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + width) / TILE); tx++) {
      const x = ((tx % n) + n) % n;
      out.push({ key: `${tx}:${ty}`, x, y: ty, left: tx * TILE - left, top: ty * TILE - top });
    }
  }
  return out;
}
