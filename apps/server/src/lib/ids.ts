import { createHash, randomBytes, randomInt } from 'node:crypto';

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
