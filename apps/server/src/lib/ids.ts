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
