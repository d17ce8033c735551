import { describe, expect, it } from 'vitest';
import { validateGroupName } from './CreateGroup';
import { validateLimit } from './JoinLimitRow';

describe('group form rules', () => {
  it('group name: required, at most 16 characters (counted as the user sees them)', () => {
    expect(validateGroupName('  ')).toBe('nameRequired');
    expect(validateGroupName('一'.repeat(16))).toBeNull();
    expect(validateGroupName('一'.repeat(17))).toBe('nameTooLong');
    expect(validateGroupName('👨‍👩‍👧'.repeat(16))).toBeNull();
  });

  it('join level limit: required, digits only, 1–200', () => {
    expect(validateLimit('')).toBe('limitRequired');
    expect(validateLimit('abc')).toBe('limitDigits');
    expect(validateLimit('1.5')).toBe('limitDigits');
    expect(validateLimit('0')).toBe('limitRange');
    expect(validateLimit('201')).toBe('limitRange');
    expect(validateLimit('1')).toBeNull();
    expect(validateLimit('200')).toBeNull();
  });
});
