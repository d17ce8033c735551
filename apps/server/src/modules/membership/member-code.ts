import { createHash, randomInt } from 'node:crypto';

/** Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 symbols of 5 bits: 100 random bits per code, printed in four groups of five. */
const SYMBOLS = 20;

/** A new code, e.g. `7K3QD-9XW2M-PB4TN-H8RZC`. */
export function newMemberCode(): string {
  let raw = '';
  for (let i = 0; i < SYMBOLS; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.match(/.{5}/g)!.join('-');
}

/** The code as typed, reduced to its symbols: case, spaces and dashes ignored; O→0, I/L→1. */
export function normalizeMemberCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * What is stored of a code: its SHA-256. With 100 random bits a plain hash is enough (no salt or
 * slow hash is needed against guessing what was never chosen by a person).
 */
export function hashMemberCode(typed: string): string {
  return createHash('sha256').update(normalizeMemberCode(typed)).digest('hex');
}

/** Whether the typed text can be a code at all (saves a lookup for obvious junk). */
export function looksLikeMemberCode(typed: string): boolean {
  const n = normalizeMemberCode(typed);
  return n.length === SYMBOLS && [...n].every((c) => ALPHABET.includes(c));
}

/** Makes `count` new codes of `level` for `days`, keeps their hashes, and answers the codes (shown once). */
export async function issueMemberCodes(
  store: { insertCodes(hashes: string[], level: number, days: number, now: number): Promise<void> },
  level: number,
  days: number,
  count: number,
  now: number,
): Promise<string[]> {
  const codes = Array.from({ length: count }, newMemberCode);
  await store.insertCodes(codes.map(hashMemberCode), level, days, now);
  return codes;
}
