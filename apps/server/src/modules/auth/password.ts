import { hash, verify } from '@node-rs/argon2';

import type { PasswordCost } from '../../config.js';

/** argon2id (the library's default algorithm) at the configured cost (config.ts `passwordCost`). */
export function hashPassword(plain: string, cost: PasswordCost): Promise<string> {
  return hash(plain, cost);
}

/** Verifies against the cost stored in the hash itself, so hashes made at any cost keep working. */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
