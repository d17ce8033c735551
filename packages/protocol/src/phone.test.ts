import { describe, expect, it } from 'vitest';
import { isPhone, normalizePhone } from './phone.js';
import { phoneSchema } from './rest/common.js';

describe('phone numbers', () => {
  it('keeps mainland numbers as 11 digits, with or without +86, spaces or dashes', () => {
    for (const raw of [
      '13812345678',
      ' 138 1234 5678 ',
      '138-1234-5678',
      '+8613812345678',
      '+86 138 1234 5678',
    ])
      expect(phoneSchema.parse(raw)).toBe('13812345678');
  });
  it('accepts E.164 numbers (+, 8–15 digits, first 1–9) and stores them with the +', () => {
    expect(phoneSchema.parse('+81 90-1234-5678')).toBe('+819012345678');
    expect(phoneSchema.parse('+1 (415) 555-2671')).toBe('+14155552671');
    expect(phoneSchema.parse('+44 7911 123456')).toBe('+447911123456');
    expect(normalizePhone('+123456789012345')).toBe('+123456789012345');
  });
  it('refuses other forms with the same text', () => {
    for (const raw of [
      '12812345678', // mainland prefix 12
      '1381234567', // 10 digits
      '+0123456789', // first digit 0
      '+1234567', // 7 digits
      '+1234567890123456', // 16 digits
      '0081901234567',
      '819012345678', // no +
      '+81 90 1234 abcd',
      '++819012345678',
      '',
      `+81${'0'.repeat(40)}`,
    ]) {
      expect(isPhone(raw), raw).toBe(false);
      expect(phoneSchema.safeParse(raw).error?.issues[0]?.message, raw).toBe('手机号格式不正确');
    }
  });
});
