import { describe, expect, it } from 'vitest';
import { checkPhone } from './validate';

describe('checkPhone', () => {
  it('accepts mainland numbers, +86 and E.164 numbers with spaces or dashes', () => {
    for (const v of [
      '13812345678',
      '+8613812345678',
      '+81 90-1234-5678',
      '+1 415 555 2671',
      ' +447911123456 ',
    ])
      expect(checkPhone(v), v).toBeNull();
  });
  it('names what is wrong', () => {
    expect(checkPhone('  ')).toBe('errors.phoneRequired');
    for (const v of ['12812345678', '819012345678', '+0123456789', '+1234567', '+12345678901234567'])
      expect(checkPhone(v), v).toBe('errors.phoneInvalid');
  });
});
