import { describe, expect, it } from 'vitest';
import { isSendableCloseCode, refusalReason, truncateUtf8 } from './close-reason.js';

describe('close reasons', () => {
  it('names session codes in short English', () => {
    expect(refusalReason(401, '认证失败，无法访问系统资源')).toBe('401 invalid token');
    expect(refusalReason(11013, '登录状态已失效，请重新登录')).toBe('11013 session revoked');
    expect(refusalReason(11011, '')).toBe('11011 session expired');
  });

  it('cuts other texts to 123 bytes without splitting a character', () => {
    const reason = refusalReason(12345, '很'.repeat(100));
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(reason.startsWith('12345 很')).toBe(true);
    expect(reason).not.toContain('\uFFFD');
    expect(truncateUtf8('abc', 2)).toBe('ab');
    expect(truncateUtf8('a😀', 4)).toBe('a');
  });

  it('accepts only codes an endpoint may send', () => {
    expect([1000, 1008, 1011, 1012, 4001, 4999].every(isSendableCloseCode)).toBe(true);
    expect([0, 999, 1004, 1005, 1006, 1015, 2000, 5000].some(isSendableCloseCode)).toBe(false);
  });
});
