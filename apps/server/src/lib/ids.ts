import { createHash, randomBytes, randomFillSync, randomInt } from 'node:crypto';

/** A URL-safe random token of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A generated public ID (wtId) for users who do not choose one: 'wt' + 8 digits. */
export function generateWtId(): string {
  return `wt${randomInt(10_000_000, 99_999_999)}`;
}

export function shortId(): string {
  return randomBytes(8).toString('hex');
}

/** Random bytes for `randomId`, refilled 4 KB at a time (one CSPRNG call per ~340 IDs, not per ID). */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/**
 * A URL-safe random ID of `bytes` bytes (≤ 64) of entropy from a pooled CSPRNG buffer: for IDs made on
 * every message, where a `randomBytes` call each time showed in the send path's profile.
 */
export function randomId(bytes = 12): string {
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const id = pool.toString('base64url', poolAt, poolAt + bytes);
  poolAt += bytes;
  return id;
}

/** URL-safe characters in byte order: IDs written with them sort as their numbers do. */
const SORTED = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * A time-ordered URL-safe ID of 16 characters: 8 for `now` (Unix ms, 48 bits, sorting in byte order
 * as time does) and 8 random ones (48 bits from the pooled CSPRNG). Message IDs are made this way
 * (docs/decisions/010-send-data-model.md): new IDs land at the end of their unique index,
 * in the B-tree page the previous one dirtied, where random IDs each dirtied a page of their own
 * (4 KB more written to the WAL and copied back per message, and more as the table grows).
 */
export function timeOrderedId(now: number): string {
  let t = Math.max(0, Math.floor(now));
  let head = '';
  for (let i = 0; i < 8; i++) {
    head = SORTED[t % 64]! + head;
    t = Math.floor(t / 64);
  }
  if (poolAt + 6 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let tail = '';
  for (let i = 0; i < 6; i += 3) {
    const n = (pool[poolAt + i]! << 16) | (pool[poolAt + i + 1]! << 8) | pool[poolAt + i + 2]!;
    tail += SORTED[(n >> 18) & 63]! + SORTED[(n >> 12) & 63]! + SORTED[(n >> 6) & 63]! + SORTED[n & 63]!;
  }
  poolAt += 6;
  return head + tail;
}
