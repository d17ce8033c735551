import { StorageKeys, storage } from './storage';

/** cyrb53: a small, well-distributed 53-bit string hash. */
export function hash53(input: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function browserTraits(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  return [
    nav?.userAgent,
    nav?.language,
    nav?.hardwareConcurrency,
    nav?.platform,
    scr ? `${scr.width}x${scr.height}x${scr.colorDepth}` : '',
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
}

function randomPart(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The visitor fingerprint sent as Device-Id. It is a hash of stable browser traits plus a
 * random part (two identical machines must not share an id), computed once and stored as visitorId.
 */
export function getVisitorId(): string {
  const stored = storage.get(StorageKeys.visitorId);
  if (stored) return stored;
  const id = `${hash53(browserTraits())}-${randomPart()}`;
  storage.set(StorageKeys.visitorId, id);
  return id;
}
