import { describe, expect, it } from 'vitest';
import { hashMemberCode, looksLikeMemberCode, newMemberCode, normalizeMemberCode } from './member-code.js';

describe('membership codes', () => {
  it('are four groups of five base32 symbols, all different', () => {
    const codes = Array.from({ length: 1000 }, newMemberCode);
    for (const c of codes) expect(c).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){3}[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(codes).size).toBe(1000);
  });

  it('are read regardless of case, spaces, dashes and look-alike letters', () => {
    const code = '7K3QD-9XW2M-PB4TN-H8RZ0';
    expect(normalizeMemberCode(' 7k3qd 9xw2m-pb4tn-h8rzo ')).toBe('7K3QD9XW2MPB4TNH8RZ0');
    expect(hashMemberCode('7k3qd9xw2mpb4tnh8rzo')).toBe(hashMemberCode(code));
    expect(hashMemberCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeMemberCode(code)).toBe(true);
    expect(looksLikeMemberCode('7K3QD-9XW2M')).toBe(false);
    expect(looksLikeMemberCode('7K3QD-9XW2M-PB4TN-H8RZ!')).toBe(false);
  });
});
